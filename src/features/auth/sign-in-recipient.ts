import { isEmailAddress } from '../../../core/email/email-address';
import type { Recipient } from '../../platform/verification/otp';

export type SignInMethod = 'phone' | 'email';


/** Why what was typed cannot be sent a code yet: each is an `errors.<code>` text in locales/…/auth.json. */
export type RecipientProblem = 'required' | 'invalid_phone' | 'invalid_email';

/**
 * Who the sign-in code goes to: the phone field's number (already in E.164, with the field's own
 * validity), or the typed email trimmed and lower-cased; or the problem to show under the field.
 */
export function signInRecipient(method: SignInMethod, phone: { value: string; valid: boolean }, email: string): { recipient: Recipient } | { problem: RecipientProblem } {
  if (method === 'phone') {
    if (!phone.value) return { problem: 'required' };
    if (!phone.valid) return { problem: 'invalid_phone' };
    return { recipient: { phone: phone.value } };
  }
  const value = email.trim();
  if (!value) return { problem: 'required' };
  if (!isEmailAddress(value)) return { problem: 'invalid_email' };
  return { recipient: { email: value.toLowerCase() } };
}
