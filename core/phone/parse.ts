import { parsePhoneNumberFromString, phoneMetadata, type CountryCode } from './library';
import { E164_PATTERN } from './spelling';

/**
 * A number as typed in international form to E.164, or null when it is not a valid number of its
 * country. Accepts spaces, dashes, dots and brackets, a leading '+' or '00', or the digits alone
 * (GoTrue's wire spelling, "33612…"). The one normaliser of the sign-up, the auth service and the
 * product API.
 */
export function toE164(typed: string): string | null {
  const compact = typed.trim().replace(/[\s().-]/g, '');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : compact;
  if (!/^[1-9][0-9]{1,14}$/.test(digits)) return null;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed?.isValid() ? parsed.number : null;
}

/** Whether a value is already a valid number in the stored spelling (what the form schemas accept). */
export function isValidE164(value: string): boolean {
  return E164_PATTERN.test(value) && toE164(value) === value;
}

/** The country a number belongs to ("FR" for +33…), or null. */
export function phoneCountry(e164: string | null | undefined): CountryCode | null {
  if (!e164) return null;
  return parsePhoneNumberFromString(e164)?.country ?? null;
}

/**
 * The country a number written after '+' is dialled into when the number itself does not say (it
 * is still being typed, or its digits are not a number in use, such as the UK's +44 7700 900… drama
 * range): `current` when it shares the calling code (+1 keeps Canada picked), else the calling code's
 * main country (+44: the United Kingdom, not Guernsey), as libphonenumber's metadata lists it first.
 * Undefined for no or an unknown calling code.
 */
export function callingCodeCountry(callingCode: string | undefined, current?: CountryCode): CountryCode | undefined {
  const countries = callingCode ? (phoneMetadata.country_calling_codes[callingCode] as CountryCode[] | undefined) : undefined;
  if (!countries?.length) return undefined;
  return current && countries.includes(current) ? current : countries[0];
}
