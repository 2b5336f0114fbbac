import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * A stored E.164 number written the way its reader dials it: the national form when the number is
 * from the reader's own country ("06 12 34 56 78" for a French reader of +33 6…), the international
 * form otherwise ("+33 6 12 34 56 78"). Anything that does not parse is shown as given.
 */
export function formatPhone(e164: string | null | undefined, readerCountry?: string | null): string {
  if (!e164) return '';
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  if (readerCountry && parsed.country === (readerCountry.toUpperCase() as CountryCode)) return parsed.formatNational();
  return parsed.formatInternational();
}

/** The country a phone number belongs to ("FR" for +33…), or null. */
export function phoneCountry(e164: string | null | undefined): CountryCode | null {
  if (!e164) return null;
  return parsePhoneNumberFromString(e164)?.country ?? null;
}
