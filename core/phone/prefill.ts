/**
 * How a number given to prefill a phone field (a landing page's `phone_number`) is written for the
 * field to read. Its own small file, without the phone metadata: it runs in every landing page's first
 * render (core/contracts/landing-search.ts), where each shared byte counts (#16).
 *
 * SPEC §2/§5: "a number gets a leading +": digits alone are an international number written without
 * its '+' ("33612345678"). No country calling code starts with 0, though, so digits that do are never
 * given one: "00…" is the international call prefix ("0033612345678" is "+33612345678"), and a single
 * 0 is a national trunk prefix ("0612345678"): left as written, for the field to read in the visitor's
 * country (06 12 34 56 78 with France picked) rather than shown as "+0612345678". A '+' already glued
 * to such a number (a link built by the old rule) is taken off the same way.
 */
export function prefilledPhone(written: string): string {
  const text = written.trim();
  if (/^\+0/.test(text)) return prefilledPhone(text.slice(1));
  if (!/^\d+$/.test(text)) return text;
  if (text.startsWith('00')) return `+${text.slice(2)}`;
  return text.startsWith('0') ? text : `+${text}`;
}
