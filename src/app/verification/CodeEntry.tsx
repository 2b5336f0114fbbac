import type { Session } from '@supabase/supabase-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../ui/toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Text } from '../../ui/Text';
import * as styles from './CodeEntry.css';
import { CodeInput, useCodeField } from './CodeInput';
import { isSendCooldown, verifyCode, type OtpFailure, type Recipient, type SendResult } from './otp';
import { defaultCountryCode } from '../../lib/countries';
import { formatPhone } from '../../../core/phone/display';
import { useCountdown } from '../../lib/use-countdown';
import { CODE_MAX_WRONG_TRIES, CODE_PATTERN, codeExpired, RESEND_COOLDOWN_SECONDS, resendCooldownLeft } from '../../../core/auth-codes';

export { RESEND_COOLDOWN_SECONDS };

export interface CodeEntryProps {
  /** E.164 phone (channel sms) or email address (channel email) the code was sent to. */
  recipient: string;
  channel: 'sms' | 'email';
  /** What the code proves: a sign-in (default) or a change of the signed-in user's phone/email. */
  purpose?: 'signin' | 'change';
  /** Called with the new session once the code is accepted. */
  onVerified(session: Session): void;
  /** Sends a new code; resolve `{ ok: false, … }` (or throw) when it failed. */
  onResend(): Promise<SendResult | void>;
  /**
   * When the code was sent (epoch ms), if not just now: a step resumed after a reload, or a code
   * already on its way, shows the countdown where it really is. Defaults to when the step appeared.
   */
  sentAt?: number | undefined;
  /** Focus the field when it appears (default: the code is the only thing to do on the step). */
  autoFocus?: boolean;
}

/**
 * The 6-digit code step, reusable by sign-in and onboarding's phone check. One code field
 * (CodeInput: phones offer the code from the SMS; paste is never blocked, any pasted text keeps its
 * digits; six digits submit by themselves). 'Resend code' waits 60 s between sends and confirms
 * with the toast 'Code resent successfully'. On Android Chrome, the WebOTP API fills the code from
 * the SMS's `@host #code` line.
 */
export function CodeEntry({ recipient, channel, purpose = 'signin', onVerified, onResend, sentAt: sentAtProp, autoFocus = true }: CodeEntryProps) {
  const { t } = useTranslation('auth');
  const { code, setCode, error, setError, inputRef, onChange } = useCodeField();
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  // When the code was sent: as the parent says, else mount time (shown right after sending).
  const [initialSentAt] = useState(() => sentAtProp ?? Date.now());
  const { secondsLeft: cooldown, restart: setCooldown } = useCountdown(() => resendCooldownLeft(initialSentAt, Date.now()));
  const sentAt = useRef(initialSentAt);
  const wrongTries = useRef(0);

  const recipientParam: Recipient = channel === 'sms' ? { phone: recipient } : { email: recipient };

  async function submit(value: string) {
    if (busy) return;
    if (!CODE_PATTERN.test(value)) {
      setError(t('errors.invalid_code'));
      return;
    }
    setBusy(true);
    setError(null);
    const type = purpose === 'change' ? (channel === 'sms' ? 'phone_change' : 'email_change') : channel === 'sms' ? 'sms' : 'email';
    const result = await verifyCode(recipientParam, value, type);
    setBusy(false);
    if (result.ok) {
      onVerified(result.session);
      return;
    }
    setError(describeFailure(result));
    inputRef.current?.select();
  }

  function describeFailure(failure: OtpFailure): string {
    if (failure.code !== 'otp_expired') return t(`errors.${failure.code}`, { seconds: failure.retryAfterSeconds ?? RESEND_COOLDOWN_SECONDS });
    // The server answers wrong and expired alike (no enumeration); the page knows when it sent the code.
    wrongTries.current += 1;
    if (codeExpired(sentAt.current, Date.now())) return t('errors.expired');
    if (wrongTries.current >= CODE_MAX_WRONG_TRIES) return t('errors.tooManyTries');
    return t('errors.wrong');
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(code);
  }

  async function resend() {
    setResending(true);
    setError(null);
    try {
      const result = await onResend();
      if (result && !result.ok) {
        // Too soon after the last code (sent before this page knew, e.g. the sign-up's): no error,
        // the button counts down the seconds the server gave and is disabled until then.
        if (isSendCooldown(result.code) && result.retryAfterSeconds) {
          setCooldown(Math.min(RESEND_COOLDOWN_SECONDS, result.retryAfterSeconds));
          return;
        }
        setError(t(`errors.${result.code}`, { seconds: result.retryAfterSeconds ?? RESEND_COOLDOWN_SECONDS }));
        if (result.retryAfterSeconds) setCooldown(result.retryAfterSeconds);
        return;
      }
      sentAt.current = Date.now();
      wrongTries.current = 0;
      setCode('');
      setCooldown(RESEND_COOLDOWN_SECONDS);
      toast.success(t('code.resent'));
      inputRef.current?.focus();
    } catch {
      setError(t('errors.unknown'));
    } finally {
      setResending(false);
    }
  }

  // WebOTP (Android Chrome): the SMS ends with "@host #code"; the browser offers it here.
  useEffect(() => {
    if (channel !== 'sms' || !('OTPCredential' in window)) return;
    const abort = new AbortController();
    const request = { otp: { transport: ['sms'] }, signal: abort.signal } as CredentialRequestOptions;
    navigator.credentials
      .get(request)
      .then((credential) => {
        const value = (credential as (Credential & { code?: string }) | null)?.code;
        if (value && CODE_PATTERN.test(value)) {
          setCode(value);
          void submit(value);
        }
      })
      .catch(() => undefined);
    return () => abort.abort();
    // Once per recipient: a new SMS is a new WebOTP request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recipient, channel]);

  return (
    <form onSubmit={onSubmit} noValidate className={styles.actions}>
      <div className={styles.recipient}>
        <Text tone="muted">{t(channel === 'sms' ? 'code.sentSms' : 'code.sentEmail', { recipient: channel === 'sms' ? formatPhone(recipient, defaultCountryCode()) : recipient })}</Text>
      </div>
      {/* Focus lands on the field when the step appears: the code is the only thing to do. */}
      <CodeInput value={code} onChange={onChange} onComplete={(value) => void submit(value)} error={error} autoFocus={autoFocus} inputRef={inputRef} />
      <Button type="submit" tone="primary" block loading={busy}>
        {t('code.verify')}
      </Button>
      <Button tone="secondary" block onClick={() => void resend()} disabled={cooldown > 0} loading={resending} aria-live="polite">
        {cooldown > 0 ? t('code.resendIn', { seconds: cooldown }) : t('code.resend')}
      </Button>
    </form>
  );
}
