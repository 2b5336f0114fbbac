import type { TFunction } from 'i18next';
import type { SendRefusal } from '../../../core/auth-codes';

/**
 * The clock time a refused send may be tried again, in the reader's language: hours and minutes,
 * with the seconds when it is within two minutes (the 60 s wait), and the day when it is not today.
 */
export function retryClock(waitSeconds: number, now: number, language: string): string {
  const at = new Date(now + waitSeconds * 1000);
  const sameDay = at.toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(language, {
    ...(sameDay ? {} : { weekday: 'long' }),
    hour: '2-digit',
    minute: '2-digit',
    ...(waitSeconds < 120 ? { second: '2-digit' } : {}),
  }).format(at);
}

export interface RefusalContext {
  channel: 'sms' | 'email';
  /** Refused as a resend from the code field (the code already sent is on screen). */
  resend?: boolean;
  /** Who the last code went to, as shown (the 60 s wait on a code field names it). */
  recipient?: string;
  now: number;
  language: string;
}

/**
 * What a refused send says (auth.json `refusals`), for core/auth-codes.ts `sendRefusalOf`'s two
 * kinds. The 60 s wait: no new code went, the last one still works, and when a new one may be asked
 * for. A budget: nothing could be sent to this number (or address) now, and when to try again. `t`
 * must read the 'auth' namespace. The other ways in depend on the page, which adds them.
 */
export function refusalMessage(t: TFunction, refusal: SendRefusal, context: RefusalContext): string {
  const when = refusal.waitSeconds === undefined ? t('auth:refusals.later') : t('auth:refusals.at', { time: retryClock(refusal.waitSeconds, context.now, context.language) });
  if (refusal.kind === 'cooldown') return t(context.resend ? 'auth:refusals.cooldownResend' : 'auth:refusals.cooldown', { when, recipient: context.recipient });
  return t(context.channel === 'sms' ? 'auth:refusals.limitSms' : 'auth:refusals.limitEmail', { when });
}
