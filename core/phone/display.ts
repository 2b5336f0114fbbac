import { parsePhoneNumberFromString, type CountryCode } from './library';

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
