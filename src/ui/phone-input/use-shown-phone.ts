import { useEffect, useState } from 'react';
import { lazyChunk } from '../../../core/lazy-chunk';
import { afterFirstRender, afterNextPaint } from '../../lib/first-render';

/**
 * core/phone/display (formatPhone, on libphonenumber-js with its metadata, ~43 KB compressed) as a
 * chunk of its own: pages that only show a stored number (the account page's sign-out and ways-in
 * cards) paint without it. Not phone-format.lazy.ts, whose group (the phone field) those pages do not load.
 */
const display = lazyChunk(() => import('../../../core/phone/display'));

/**
 * A stored E.164 number as its reader dials it (formatPhone: national form in the reader's own
 * country, international otherwise); null for none. Until the formatter has arrived (asked for in an
 * idle moment once what shows it is on screen, so its download and evaluation come after that paint), the number is
 * shown as stored ("+33612345678"): the same number, spelled without spaces for a moment.
 */
export function useShownPhone(e164: string | null, readerCountry: string | null): string | null {
  const [formatter, setFormatter] = useState(display.loaded);
  useEffect(() => {
    if (formatter || !e164) return;
    let current = true;
    // Once the card showing it is on screen, then in an idle moment after the load event: a download
    // started before the page's largest paint is counted in it by Lighthouse's simulation (43 KB:
    // +0.6 s on the account page, whose cards paint after its first render, as their reads answer).
    afterNextPaint(() =>
      afterFirstRender(() =>
        display.load().then(
          (module) => current && setFormatter(module),
          // Offline: the stored spelling stays, which is the number all the same.
          () => undefined,
        ),
      ),
    );
    return () => {
      current = false;
    };
  }, [formatter, e164]);
  if (!e164) return null;
  return formatter ? formatter.formatPhone(e164, readerCountry) : e164;
}
