import { isEmailAddress } from '../../core/email/email-address';
import { toE164 } from '../../core/phone/parse';
import { e164Spelling } from '../../core/phone/spelling';
import { AuthApiError } from './errors';

/** An address as GoTrue keeps it (trimmed, lower-cased), or null when the one email rule refuses it. */
export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return isEmailAddress(email) ? email : null;
}

/**
 * GoTrue accepts "+33 6 12…" or "336…" and answers 400 validation_failed for anything else: E.164
 * with '+' by the one phone rule (core/phone/parse.ts toE164), in the auth service's error shape.
 */
export function requirePhone(raw: string): string {
  const phone = toE164(raw);
  if (!phone) throw new AuthApiError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  return phone;
}

export function requireEmail(raw: string, status: 400 | 422 = 400): string {
  const email = normalizeEmail(raw);
  if (!email) {
    throw new AuthApiError(status, 'validation_failed', status === 400 ? 'Unable to validate email address: invalid format' : 'Invalid email format');
  }
  return email;
}

/** For lookups such as the dev outbox: an email, or a phone written any way ('+' may arrive as a space). */
export function normalizeRecipient(raw: string): string {
  if (raw.includes('@')) return raw.trim().toLowerCase();
  return /\d/.test(raw) ? e164Spelling(raw) : raw.trim();
}
