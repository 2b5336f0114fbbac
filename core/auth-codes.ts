/**
 * The rules of the 6-digit codes, in one place for the server that enforces them and the pages and
 * charts that count them down. Imports nothing: the core is imported by every side, never the reverse.
 */

/** How long a texted or emailed code can be used. */
export const CODE_LIFETIME_MS = 10 * 60_000;

/** At most one code to one recipient per this period; a code that was used frees it at once. */
export const RESEND_COOLDOWN_MS = 60_000;
export const RESEND_COOLDOWN_SECONDS = RESEND_COOLDOWN_MS / 1000;

/** Wrong tries the person who asked for a code has before it dies (others have a pool of their own). */
export const CODE_MAX_WRONG_TRIES = 5;

/** Digits in every code the product sends (SPEC §5), and in an authenticator app's. */
export const CODE_LENGTH = 6;

/** What a code looks like once its digits are kept: CODE_LENGTH digits (a literal, the bytes of every page's entry; a unit test holds the two together). */
export const CODE_PATTERN = /^\d{6}$/;

/** A code from a uniformly drawn number below 10^CODE_LENGTH (the server draws it with node:crypto). */
export const CODE_SPACE = 10 ** CODE_LENGTH;
export const codeOf = (drawn: number): string => String(drawn).padStart(CODE_LENGTH, '0');

/** Whole seconds before another code may be sent, given when the last one was sent (epoch ms). */
export function resendCooldownLeft(sentAt: number, now: number): number {
  return Math.min(RESEND_COOLDOWN_SECONDS, Math.max(0, Math.ceil((sentAt + RESEND_COOLDOWN_MS - now) / 1000)));
}

/** The seconds a refusal asks to wait, or the whole cooldown when it names none: the one fallback. */
export function waitOrCooldown(waitSeconds: number | undefined): number {
  return waitSeconds ?? RESEND_COOLDOWN_SECONDS;
}

/**
 * When the last code left, read back from the wait a "too soon" refusal names (GoTrue's
 * Retry-After): its cooldown started then, so the countdown picks up where it is.
 */
export function sentAtFromWait(waitSeconds: number | undefined, now: number): number {
  return now - RESEND_COOLDOWN_MS + waitOrCooldown(waitSeconds) * 1000;
}

/** Whether a code sent at `sentAt` has outlived its lifetime at `now`. */
export function codeExpired(sentAt: number, now: number): boolean {
  return now - sentAt >= CODE_LIFETIME_MS;
}

/**
 * How a refused code send reads on the wire, written once for the server that refuses and the pages
 * that explain (supabase-js keeps an error's code and message, not its headers, so the wait travels
 * in the message):
 * - the 60 s wait between two codes to one recipient: 429 `over_sms_send_rate_limit` /
 *   `over_email_send_rate_limit` with GoTrue's "For security purposes, you can only request this
 *   after N seconds." Nothing was sent now; the last code still works.
 * - a budget (the asker's address or account, the number's block or country, the hourly total, the
 *   recipient's hour): 429 `over_request_rate_limit` "Request rate limit reached. Try again in N
 *   seconds." Nothing was sent, and no earlier code is implied.
 */
export type SendRefusal = { kind: 'cooldown' | 'limit'; waitSeconds: number | undefined };

export const cooldownMessage = (seconds: number) => `For security purposes, you can only request this after ${seconds} seconds.`;
export const requestLimitMessage = (seconds: number) => `Request rate limit reached. Try again in ${seconds} seconds.`;

/** The seconds to wait that a refusal's message names, when it names them. */
export function waitSecondsIn(message: string): number | undefined {
  const seconds = /(?:after|in) (\d+) seconds?/.exec(message)?.[1];
  return seconds === undefined ? undefined : Number(seconds);
}

/** A refused send as the pages explain it, or null when the answer is not a send refusal. */
export function sendRefusalOf(code: string, message: string): SendRefusal | null {
  if (code === 'over_sms_send_rate_limit' || code === 'over_email_send_rate_limit') return { kind: 'cooldown', waitSeconds: waitSecondsIn(message) };
  if (code === 'over_request_rate_limit') return { kind: 'limit', waitSeconds: waitSecondsIn(message) };
  return null;
}
