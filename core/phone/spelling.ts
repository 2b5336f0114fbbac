/**
 * How a phone number is spelled, without parsing it (no libphonenumber-js here, so pages that only
 * show a stored number do not load the phone metadata).
 *
 * The decision, once: a number is stored and passed around in E.164 with its '+' ("+33612345678");
 * auth_users enforces it with a CHECK since migration 0100, and profiles, bookings and factors are
 * written through toE164 (parse.ts). Only the GoTrue wire (the Supabase Auth JSON and the token's
 * claims) drops the '+' ("33612345678"), so the browser reads it back through e164Spelling.
 */

/** E.164 as stored: '+', a non-zero digit, at most 15 digits in all (the auth_users CHECK). */
export const E164_PATTERN = /^\+[1-9][0-9]{1,14}$/;

/** Digits that close a number's block of 10,000 (the send budget per block, the legitimacy prefix). */
const BLOCK_DIGITS = 4;

/** '+' then the number's digits, whatever else it was written with ("33 6 12…", "+33612…"); no validation. */
export function e164Spelling(written: string): string {
  return `+${written.replace(/\D/g, '')}`;
}

/** The GoTrue wire spelling of a stored number: its digits without the '+' ("" for none, as GoTrue answers). */
export function gotrueSpelling(e164: string | null | undefined): string {
  return e164 ? e164.replace(/^\+/, '') : '';
}

/** A number read from the GoTrue wire or the database, in the stored spelling; null when absent. */
export function storedPhone(value: string | null | undefined): string | null {
  return value ? e164Spelling(value) : null;
}

/**
 * The block of 10,000 numbers a number belongs to ("+336123" for +33612345678): SMS pumping runs
 * through fresh numbers of one block, so sends are budgeted per block. Null for numbers too short to
 * name a block.
 */
export function phoneBlock(e164: string | null | undefined): string | null {
  if (!e164) return null;
  const digits = e164.replace(/\D/g, '');
  return digits.length > BLOCK_DIGITS + 2 ? `+${digits.slice(0, -BLOCK_DIGITS)}` : null;
}
