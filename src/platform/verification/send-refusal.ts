import type { TFunction } from 'i18next';
import type { SendRefusal } from '../../../core/auth-codes';

/**
 * The clock time a refused send may be tried again, in the reader's language: hours and minutes,
 * with the seconds when it is within two minutes (the 60 s wait), and the day's name apart when it
 * is not today (a sentence puts it where its language does: "on Sunday at 12:06 AM").
 */
export function retryClock(waitSeconds: number, now: number, language: string): { time: string; day?: string } {
  const at = new Date(now + waitSeconds * 1000);
  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', ...(waitSeconds < 120 ? { second: '2-digit' } : {}) }).format(at);
  if (at.toDateString() === new Date(now).toDateString()) return { time };
  return { time, day: new Intl.DateTimeFormat(language, { weekday: 'long' }).format(at) };
}

/** When, as the middle of a sentence ("at 09:20 PM", "on Sunday at 12:06 AM"; "à 21:20", "dimanche à 00:06"). `t` reads 'auth'. */
export function retryWhen(t: TFunction, waitSeconds: number, now: number, language: string): string {
  const { time, day } = retryClock(waitSeconds, now, language);
  return day === undefined ? t('auth:refusals.at', { time }) : t('auth:refusals.onDayAt', { day, time });
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
  const when = refusal.waitSeconds === undefined ? t('auth:refusals.later') : retryWhen(t, refusal.waitSeconds, context.now, context.language);
  if (refusal.kind === 'cooldown') return t(context.resend ? 'auth:refusals.cooldownResend' : 'auth:refusals.cooldown', { when, recipient: context.recipient });
  return t(context.channel === 'sms' ? 'auth:refusals.limitSms' : 'auth:refusals.limitEmail', { when });
}
