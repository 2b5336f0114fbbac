import { AsYouType, isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from '../../../core/phone/library';
import { callingCodeCountry } from '../../../core/phone/parse';

/** What the phone field knows after each keystroke. */
export interface PhoneInputState {
  /** The text shown in the field, formatted as the visitor types ("06 12 34 56 78"). */
  display: string;
  /**
   * The value the form submits: E.164 ("+33612345678") for a valid number or one typed after a '+';
   * a national number that is not (yet) valid stays as written ("06 12", or "0612345678" read in the
   * United States), never given the picked country's code ("+1 0612345678" shown back on the next
   * page). Not empty as soon as there are digits, so validation says 'Invalid phone number' rather
   * than 'This field is required'.
   */
  value: string;
  /**
   * The country the number belongs to: for one typed after a '+', its own (its calling code's when
   * the digits do not name one yet, see callingCodeCountry), else the picked one.
   */
  country: CountryCode;
  valid: boolean;
}

/**
 * Formats what the visitor typed for the picked country. A number typed in international form
 * ('+44 20…', or only '+44' so far) picks its own country, so pasting a full number works whatever
 * the picker shows, and the picker follows the number (#37.5: +44 7700 900123 left it on the US).
 */
export function formatPhoneInput(text: string, country: CountryCode): PhoneInputState {
  const international = text.trim().startsWith('+');
  const formatter = international ? new AsYouType() : new AsYouType(country);
  // AsYouType keeps only digits and a leading '+'; letters and symbols are dropped as typed.
  const display = formatter.input(text);
  const e164 = formatter.getNumberValue();
  const valid = Boolean(e164) && isValidPhoneNumber(e164 ?? '');
  const detected = formatter.getCountry() ?? (international ? callingCodeCountry(formatter.getCallingCode(), country) : country);
  return {
    display,
    value: (international || valid ? e164 : undefined) ?? display.trim(),
    country: detected ?? country,
    valid,
  };
}

/** The field's starting state from a stored or prefilled number ('+33612345678', '+1 268 464 1234'). */
export function phoneStateFromValue(value: string | undefined, fallbackCountry: CountryCode): PhoneInputState {
  const text = value?.trim() ?? '';
  if (!text) return { display: '', value: '', country: fallbackCountry, valid: false };
  const parsed = parsePhoneNumberFromString(text, fallbackCountry);
  if (parsed?.country) {
    // Shown in national form next to the country's prefix, as if the visitor had typed it.
    return formatPhoneInput(parsed.formatNational(), parsed.country);
  }
  return formatPhoneInput(text, fallbackCountry);
}

/** Re-reads the typed digits for a newly picked country (an international entry keeps its own). */
export function changePhoneCountry(state: PhoneInputState, country: CountryCode): PhoneInputState {
  if (state.display.trim().startsWith('+')) {
    const parsed = parsePhoneNumberFromString(state.display);
    return parsed ? formatPhoneInput(parsed.formatNational(), country) : { ...state, country };
  }
  return formatPhoneInput(state.display, country);
}

/** A prefilled or stored number as the form should submit it (E.164 when it parses), '' when absent. */
export function initialPhoneValue(value: string | undefined, fallbackCountry: CountryCode): string {
  return phoneStateFromValue(value, fallbackCountry).value;
}

// Pages that load this module lazily (phone-format.lazy.ts) format stored numbers through it too.
export { formatPhone } from '../../../core/phone/display';
