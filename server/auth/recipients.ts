import { z } from 'zod';
import { toE164 } from '../../core/phone/parse';
import { e164Spelling } from '../../core/phone/spelling';
import { AuthApiError } from './errors';

/**
 * GoTrue accepts "+33 6 12…" or "336…" and answers 400 for anything else. Returns E.164 with '+',
 * or null when it is not a valid number for its country (core/phone/parse.ts, the rule every side uses).
 */
export function normalizePhone(raw: string): string | null {
  return toE164(raw);
}

const emailSchema = z.email().max(255);

export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return emailSchema.safeParse(email).success ? email : null;
}

export function requirePhone(raw: string): string {
  const phone = normalizePhone(raw);
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
