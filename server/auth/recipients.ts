import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { AuthApiError } from './errors';

/**
 * GoTrue accepts "+33 6 12…" or "336…" and answers 400 for anything else. Returns E.164 with '+',
 * or null when it is not a valid number for its country (libphonenumber-js metadata).
 */
export function normalizePhone(raw: string): string | null {
  const digits = raw.replace(/[\s\-().]/g, '').replace(/^\+/, '');
  if (!/^[1-9][0-9]{1,14}$/.test(digits)) return null;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed?.isValid()) return null;
  return parsed.number;
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
  const digits = raw.replace(/\D/g, '');
  return digits ? `+${digits}` : raw.trim();
}
