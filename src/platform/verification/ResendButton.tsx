import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast';
import { useCountdown } from '../../lib/use-countdown';
import { RESEND_COOLDOWN_SECONDS, resendCooldownLeft } from '../../../core/auth-codes';
import type { SendResult } from './otp';
import { refusalMessage } from './send-refusal';

export interface ResendButtonProps {
  /** When the code was sent (epoch ms): the countdown starts from there. Read when the button appears. */
  sentAt: number;
  /** Where the codes go: a refused resend names the number or the address. */
  channel: 'sms' | 'email';
  /** Sends a new code; resolve `{ ok: false, … }` (or throw) when it failed. */
  onResend(): Promise<SendResult | void>;
  /** A new code is on its way (after the toast 'Code resent successfully'). */
  onSent(): void;
  /** The message to show under the code field, or null to clear it. */
  onError(message: string | null): void;
}

/**
 * The code step's 'Resend code': disabled while it counts down the 60 s between sends (or the
 * seconds the server asked for), then sends a new code and confirms it with a toast.
 */
export function ResendButton({ sentAt, channel, onResend, onSent, onError }: ResendButtonProps) {
  const { t, i18n } = useTranslation('auth');
  const [resending, setResending] = useState(false);
  const { secondsLeft: cooldown, restart: setCooldown } = useCountdown(() => resendCooldownLeft(sentAt, Date.now()));

  async function resend() {
    setResending(true);
    onError(null);
    try {
      const result = await onResend();
      if (result && !result.ok) {
        const { refusal } = result;
        // Too soon after the last code (sent before this page knew, e.g. the sign-up's): no new code
        // went and the last one still works; the button counts down the seconds the server gave.
        if (refusal?.kind === 'cooldown' && refusal.waitSeconds) setCooldown(Math.min(RESEND_COOLDOWN_SECONDS, refusal.waitSeconds));
        // A budget's refusal says when and the other ways in, and starts no countdown: nothing was sent.
        if (refusal) {
          const said = refusalMessage(t, refusal, { channel, resend: true, now: Date.now(), language: i18n.language });
          onError(refusal.kind === 'limit' ? `${said} ${t('refusals.otherWayCode')}` : said);
          return;
        }
        onError(t(`errors.${result.code}`, { seconds: result.retryAfterSeconds ?? RESEND_COOLDOWN_SECONDS }));
        return;
      }
      setCooldown(RESEND_COOLDOWN_SECONDS);
      toast.success(t('code.resent'));
      onSent();
    } catch {
      onError(t('errors.unknown'));
    } finally {
      setResending(false);
    }
  }

  return (
    <Button tone="secondary" block onClick={() => void resend()} disabled={cooldown > 0} loading={resending} aria-live="polite">
      {cooldown > 0 ? t('code.resendIn', { seconds: cooldown }) : t('code.resend')}
    </Button>
  );
}
