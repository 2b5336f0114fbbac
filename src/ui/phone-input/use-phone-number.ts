import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CountryCode } from 'libphonenumber-js';
import { defaultCountryCode } from '../../lib/countries';
import type { PhoneInputState } from './phone-format';
import { emptyPhoneState, loadPhoneFormat, phoneFormat, type PhoneFormatModule } from './phone-format.lazy';

/** The field's state; `resolve` is set while the formatter is on its way (how to compute the real state). */
export interface PhoneNumberState extends PhoneInputState {
  resolve?: (format: PhoneFormatModule) => PhoneInputState;
}

/**
 * The phone field's number: what is shown, its E.164 value, country and validity, reported to
 * `onChange` on every change. libphonenumber-js arrives later (phone-format.lazy.ts): until then a
 * number is kept as typed with how to format it, and formatted and reported when the formatter
 * arrives. Returns the state, the typing and the picking of a country, as useState does (a tuple:
 * the field is on the first render of three pages, and a tuple's names are minified away).
 */
export function usePhoneNumber(
  defaultValue: string | undefined,
  defaultCountry: CountryCode | undefined,
  onChange: (state: PhoneInputState) => void,
): [state: PhoneNumberState, typed: (text: string) => void, pickCountry: (code: CountryCode) => void] {
  const [state, setState] = useState<PhoneNumberState>(() => initialState(defaultValue, defaultCountry ?? defaultCountryCode()));
  const stateRef = useRef(state);
  // The formatter's arrival reports to the latest onChange (the parent's values may have moved on).
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const mounted = useRef(false);

  function update(next: PhoneNumberState) {
    stateRef.current = next;
    setState(next);
    const { resolve: _pending, ...reported } = next;
    onChangeRef.current(reported);
  }

  /**
   * Sends for the formatter; when it arrives, a provisional state is formatted and reported at once
   * (flushSync: a form waiting for the formatter to submit then reads the formatted value).
   */
  function requestFormatter() {
    loadPhoneFormat().then(
      (format) => {
        const pending = stateRef.current.resolve;
        if (mounted.current && pending) flushSync(() => update(pending(format)));
      },
      // Offline or a failed chunk: the text stays as typed (not valid); the next keystroke retries.
      () => undefined,
    );
  }

  useEffect(() => {
    mounted.current = true;
    // A prefilled number is formatted as soon as possible; otherwise the formatter (~49 KB with its
    // metadata) is fetched on intent: a focus or keystroke here, a focus or pointer-down in the form
    // (its preload), a submit (which waits for it), never at idle on a page that may not be used (#40).
    if (stateRef.current.resolve) requestFormatter();
    return () => {
      mounted.current = false;
    };
    // Once, on mount: requestFormatter reads the latest state through stateRef.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function typed(text: string) {
    const format = phoneFormat();
    if (format) return update(format.formatPhoneInput(text, state.country));
    const country = state.country;
    update({ display: text, value: text.trim(), country, valid: false, resolve: (later) => later.formatPhoneInput(text, country) });
    requestFormatter();
  }

  function pickCountry(code: CountryCode) {
    const format = phoneFormat();
    if (format) update(format.changePhoneCountry(state, code));
    else if (!state.display) update(emptyPhoneState(code));
    else {
      const before = state.resolve ?? (() => state);
      update({ ...state, country: code, resolve: (later) => later.changePhoneCountry(before(later), code) });
    }
  }

  return [state, typed, pickCountry];
}

function initialState(defaultValue: string | undefined, country: CountryCode): PhoneNumberState {
  const format = phoneFormat();
  if (format) return format.phoneStateFromValue(defaultValue, country);
  const text = defaultValue?.trim() ?? '';
  if (!text) return emptyPhoneState(country);
  return { display: text, value: text, country, valid: false, resolve: (later) => later.phoneStateFromValue(defaultValue, country) };
}
