import type { Session } from '@supabase/supabase-js';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Text } from '../../ui/Text';
import * as styles from './CodeEntry.css';
import { CodeInput, useCodeField } from './CodeInput';
import { codeKind, refusedCodeReason, type CodeChannel, type CodePurpose } from './code-check';
import { verifyCode, type OtpFailure, type Recipient, type SendResult } from './otp';
import { ResendButton } from './ResendButton';
import { useWebOtp } from './use-web-otp';
import { defaultCountryCode } from '../../lib/countries';
import { formatPhone } from '../../../core/phone/display';
import { CODE_PATTERN, RESEND_COOLDOWN_SECONDS } from '../../../core/auth-codes';
import { refusalMessage } from './send-refusal';

export interface CodeEntryProps {
  /** E.164 phone (channel sms) or email address (channel email) the code was sent to. */
  recipient: string;
  channel: CodeChannel;
  /** What the code proves: a sign-in (default) or a change of the signed-in user's phone/email. */
  purpose?: CodePurpose;
  /** Called with the new session once the code is accepted. */
  onVerified(session: Session): void;
  /** Sends a new code; resolve `{ ok: false, … }` (or throw) when it failed. */
  onResend(): Promise<SendResult | void>;
  /**
   * When the code was sent (epoch ms), if not just now: a step resumed after a reload, or a code
   * already on its way, shows the countdown where it really is. Defaults to when the step appeared.
   */
  sentAt?: number | undefined;
  /**
   * The send just asked for was refused as too soon after the last code (the 60 s wait): the field
   * opens for that code, and the page says no new one was sent instead of "We sent a code".
   */
  sentBefore?: boolean | undefined;
  /** Focus the field when it appears (default: the code is the only thing to do on the step). */
  autoFocus?: boolean;
}

/**
 * The 6-digit code step, reusable by sign-in and onboarding's phone check. One code field
 * (CodeInput: phones offer the code from the SMS; paste is never blocked, any pasted text keeps its
 * digits; six digits submit by themselves). 'Resend code' waits 60 s between sends and confirms
 * with the toast 'Code resent successfully' (ResendButton). On Android Chrome, the WebOTP API fills
 * the code from the SMS's `@host #code` line (use-web-otp.ts).
 */
export function CodeEntry({ recipient, channel, purpose = 'signin', onVerified, onResend, sentAt: sentAtProp, sentBefore = false, autoFocus = true }: CodeEntryProps) {
  const { t, i18n } = useTranslation('auth');
  const { code, setCode, error, setError, inputRef, onChange } = useCodeField();
  const [busy, setBusy] = useState(false);
  // When the code was sent: as the parent says, else mount time (shown right after sending).
  const [initialSentAt] = useState(() => sentAtProp ?? Date.now());
  const sentAt = useRef(initialSentAt);
  const wrongTries = useRef(0);
  // Until a resend succeeds: then a new code was sent, and the page says so.
  const [refusedAsTooSoon, setRefusedAsTooSoon] = useState(sentBefore);

  const recipientParam: Recipient = channel === 'sms' ? { phone: recipient } : { email: recipient };
  const shownRecipient = channel === 'sms' ? formatPhone(recipient, defaultCountryCode()) : recipient;

  async function submit(value: string) {
    if (busy) return;
    if (!CODE_PATTERN.test(value)) {
      setError(t('errors.invalid_code'));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await verifyCode(recipientParam, value, codeKind(purpose, channel));
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
    wrongTries.current += 1;
    return t(`errors.${refusedCodeReason(sentAt.current, wrongTries.current, Date.now())}`);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(code);
  }

  /** A new code is on its way: its own lifetime and tries, an empty field to type it in. */
  function resent() {
    sentAt.current = Date.now();
    wrongTries.current = 0;
    setRefusedAsTooSoon(false);
    setCode('');
    inputRef.current?.focus();
  }

  /** The 60 s wait's message: the last code still works, and when a new one may be asked for. */
  function sentBeforeText(): string {
    // The wait ends 60 s after the last code was sent, whenever this renders.
    return refusalMessage(t, { kind: 'cooldown', waitSeconds: RESEND_COOLDOWN_SECONDS }, { channel, recipient: shownRecipient, now: initialSentAt, language: i18n.language });
  }

  useWebOtp(channel, recipient, (value) => {
    setCode(value);
    void submit(value);
  });

  return (
    <form onSubmit={onSubmit} noValidate className={styles.actions}>
      <div className={styles.recipient}>
        <Text tone="muted">{refusedAsTooSoon ? sentBeforeText() : t(channel === 'sms' ? 'code.sentSms' : 'code.sentEmail', { recipient: shownRecipient })}</Text>
      </div>
      {/* Focus lands on the field when the step appears: the code is the only thing to do. */}
      <CodeInput value={code} onChange={onChange} onComplete={(value) => void submit(value)} error={error} autoFocus={autoFocus} inputRef={inputRef} />
      <Button type="submit" tone="primary" block loading={busy}>
        {t('code.verify')}
      </Button>
      <ResendButton sentAt={initialSentAt} channel={channel} onResend={onResend} onSent={resent} onError={setError} />
    </form>
  );
}
