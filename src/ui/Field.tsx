import { useId, type ReactNode, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import * as styles from './Field.css';

interface FieldFrameProps {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  children: (ids: { controlId: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/**
 * Label, control, hint and error wired together: the error is linked with aria-describedby and
 * announced by screen readers as soon as it appears (role="alert").
 */
export function FieldFrame({ label, error, hint, children }: FieldFrameProps) {
  const controlId = useId();
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.root}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
      </label>
      {children({ controlId, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
};

export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ controlId, describedBy, invalid }) => (
        <input
          id={controlId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={[styles.control({ invalid }), className].filter(Boolean).join(' ')}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
};

export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ controlId, describedBy, invalid }) => (
        <textarea
          id={controlId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={[styles.control({ invalid, multiline: true }), className].filter(Boolean).join(' ')}
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  children: ReactNode;
};

export function SelectField({ label, error, hint, className, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ controlId, describedBy, invalid }) => (
        <select
          id={controlId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={[styles.control({ invalid }), className].filter(Boolean).join(' ')}
          {...select}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
