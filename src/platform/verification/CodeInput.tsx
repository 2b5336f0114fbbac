import { useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from '../../ui/Field';
import { control } from '../../ui/Field.css';
import * as styles from './CodeInput.css';
import { CODE_LENGTH } from '../../../core/auth-codes';


/** The digits of whatever was typed or pasted ("123 456", "Code: 123456"), at most six. */
export const codeDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, CODE_LENGTH);

/**
 * A code form's state around its CodeInput: the digits, the error said under the field (typing
 * clears it) and the field itself (to select a wrong code, or focus it after a resend).
 */
export function useCodeField() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const onChange = (digits: string) => {
    setCode(digits);
    setError(null);
  };
  return { code, setCode, error, setError, inputRef, onChange };
}

export interface CodeInputProps {
  /** The digits so far. */
  value: string;
  /** The digits of what was typed or pasted. */
  onChange(digits: string): void;
  /** All six digits are in: the code submits itself (after `onChange`). */
  onComplete(code: string): void;
  /** Said under the field, linked by aria-describedby, the field marked aria-invalid. */
  error: string | null;
  /** Focus the field when it appears (where the code is the only thing to do). */
  autoFocus: boolean;
  /** For the form to select a wrong code for retyping, or focus the field after a resend. */
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The one field for a 6-digit code (a texted or emailed sign-in code, a second step, an
 * enrolment's first code), labelled "Code" with its hint. type="text" with inputmode="numeric"
 * (a number input would drop leading zeros and take "e") and autocomplete="one-time-code", so
 * phones offer the code from the text message. No maxlength: the browser would cut a pasted
 * "Code: 123456" to its first six characters before the digits are kept; the digits are cut here.
 * Paste is never blocked.
 */
export function CodeInput({ value, onChange, onComplete, error, autoFocus, inputRef }: CodeInputProps) {
  const { t } = useTranslation('auth');

  function changed(event: ChangeEvent<HTMLInputElement>) {
    const digits = codeDigits(event.target.value);
    onChange(digits);
    if (digits.length === CODE_LENGTH) onComplete(digits);
  }

  return (
    <FieldFrame label={t('code.label')} hint={t('code.hint')} error={error}>
      {({ controlId, describedBy, invalid }) => (
        <input
          ref={inputRef}
          id={controlId}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus={autoFocus}
          value={value}
          onChange={changed}
          className={`${control({ invalid })} ${styles.input}`}
        />
      )}
    </FieldFrame>
  );
}
