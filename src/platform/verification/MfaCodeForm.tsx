import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { waitOrCooldown } from '../../../core/auth-codes';
import { Button } from '../../ui/Button';
import { CodeInput, useCodeField } from './CodeInput';
import { mfaCodeSchema, type MfaFailure } from './mfa';
import * as styles from './Mfa.css';

export interface MfaCodeFormProps {
  /** Checks the code; resolves null when accepted, else the failure to show. */
  onCode(code: string): Promise<MfaFailure | null>;
  /** The submit button's text (default "Verify"). */
  submitLabel?: string;
  /** More buttons under the submit one (resend, cancel). */
  children?: ReactNode;
  /** An error found outside the form (a text that could not be sent). */
  error?: string | null;
  autoFocus?: boolean;
}

/** Translates an MFA failure (locales/…/auth.json `mfa.errors`). */
export function useMfaErrorText() {
  const { t } = useTranslation('auth');
  return (failure: MfaFailure) => {
    const seconds = waitOrCooldown(failure.retryAfterSeconds);
    return t(`mfa.errors.${failure.code}`, { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) });
  };
}

/**
 * A 6-digit code for the second step or an enrolment: the code field (CodeInput: phones offer the
 * texted code, paste kept to its digits, six digits submit by themselves); a wrong code is said
 * under the field and selected for retyping.
 */
export function MfaCodeForm({ onCode, submitLabel, children, error: outsideError = null, autoFocus = true }: MfaCodeFormProps) {
  const { t } = useTranslation('auth');
  const describe = useMfaErrorText();
  const { code, error, setError, inputRef, onChange } = useCodeField();
  const [busy, setBusy] = useState(false);

  async function submit(value: string) {
    if (busy) return;
    if (!mfaCodeSchema.safeParse(value).success) {
      setError(describe({ ok: false, code: 'invalid_code' }));
      return;
    }
    setBusy(true);
    setError(null);
    const failure = await onCode(value).catch((): MfaFailure => ({ ok: false, code: 'unknown' }));
    setBusy(false);
    if (!failure) return;
    setError(describe(failure));
    inputRef.current?.select();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(code);
  }

  return (
    <form onSubmit={onSubmit} noValidate className={styles.actions}>
      <CodeInput value={code} onChange={onChange} onComplete={(value) => void submit(value)} error={error ?? outsideError} autoFocus={autoFocus} inputRef={inputRef} />
      <Button type="submit" tone="primary" block loading={busy}>
        {submitLabel ?? t('code.verify')}
      </Button>
      {children}
    </form>
  );
}
