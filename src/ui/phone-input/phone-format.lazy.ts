import type { CountryCode } from 'libphonenumber-js';
import { lazyChunk } from '../../../core/lazy-chunk';
import type * as PhoneFormat from './phone-format';
import type { PhoneInputState } from './phone-format';

/**
 * The phone formatter (phone-format.ts on libphonenumber-js and its metadata, ~35 KB compressed) is a
 * separate chunk, downloaded after the first render or on intent (a focus, pointer-down or keystroke
 * in a phone field), so a page paints and takes typing without it. Until it arrives, what the visitor
 * typed is shown as typed and the field reports a provisional state (`valid: false`); PhoneField then
 * formats it and reports the real state, exactly as if the formatter had been there all along. A form
 * that is submitted meanwhile waits for `loadPhoneFormat()` (see SignupForm, SignInOtpPage, VerifyPhoneStep).
 */
export type PhoneFormatModule = typeof PhoneFormat;

const formatter = lazyChunk<PhoneFormatModule>(() => import('./phone-format'));

export const loadPhoneFormat = (): Promise<PhoneFormatModule> => formatter.load();

/** The formatter once it has arrived, else undefined. */
export const phoneFormat = (): PhoneFormatModule | undefined => formatter.loaded();

/** The state of an empty field: nothing to format, so no formatter is needed. */
export function emptyPhoneState(country: CountryCode): PhoneInputState {
  return { display: '', value: '', country, valid: false };
}

/**
 * The field's starting state from a stored or prefilled number: formatted when the formatter is
 * here; else the text as given, not valid yet, and the formatter is sent for (PhoneField reports
 * the formatted state when it arrives).
 */
export function phoneStateFromValue(value: string | undefined, fallbackCountry: CountryCode): PhoneInputState {
  const text = value?.trim() ?? '';
  if (!text) return emptyPhoneState(fallbackCountry);
  const loaded = formatter.loaded();
  if (loaded) return loaded.phoneStateFromValue(text, fallbackCountry);
  void loadPhoneFormat().catch(() => undefined);
  return { display: text, value: text, country: fallbackCountry, valid: false };
}

/** A prefilled or stored number as the form should submit it ('' when absent; see phoneStateFromValue). */
export function initialPhoneValue(value: string | undefined, fallbackCountry: CountryCode): string {
  return phoneStateFromValue(value, fallbackCountry).value;
}
