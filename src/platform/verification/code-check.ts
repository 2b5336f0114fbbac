import { CODE_MAX_WRONG_TRIES, codeExpired } from '../../../core/auth-codes';

export type CodePurpose = 'signin' | 'change';
export type CodeChannel = 'sms' | 'email';

/** The kind of code the server checks: a sign-in's, or a change of the signed-in user's phone or email. */
export function codeKind(purpose: CodePurpose, channel: CodeChannel): 'sms' | 'email' | 'phone_change' | 'email_change' {
  if (purpose === 'change') return channel === 'sms' ? 'phone_change' : 'email_change';
  return channel;
}

/**
 * Why the server refused a code as wrong or expired, as its message's key (locales/…/auth.json
 * `errors.<key>`). The server answers both alike (no enumeration); the page knows when it sent the
 * code and how many wrong tries there have been, this one included.
 */
export function refusedCodeReason(sentAt: number, wrongTries: number, now: number): 'expired' | 'tooManyTries' | 'wrong' {
  if (codeExpired(sentAt, now)) return 'expired';
  if (wrongTries >= CODE_MAX_WRONG_TRIES) return 'tooManyTries';
  return 'wrong';
}
