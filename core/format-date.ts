/**
 * Dates and times for the reader's language, through Intl. French writes the first day of a month
 * as an ordinal ("1er décembre"), which Intl does not do: the day part is rewritten for fr only.
 */

export type DateStyle =
  /** "December 1, 2025" / "1er décembre 2025" */
  | 'long'
  /** "Monday, December 1, 2025" / "lundi 1er décembre 2025" */
  | 'full'
  /** "Tuesday, November 25" / "mardi 25 novembre" (a day in the coming weeks) */
  | 'weekday'
  /** "Dec 1, 2025" / "1er déc. 2025" (tables) */
  | 'short';

const dateOptions: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  weekday: { weekday: 'long', day: 'numeric', month: 'long' },
  short: { day: 'numeric', month: 'short', year: 'numeric' },
};

/**
 * One Intl.DateTimeFormat per language and options: making one costs ~0.1–1 ms, and the demo's slot
 * lists made ~46 of them as its page came alive (~40 ms of a 4×-throttled main thread, #40).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format) return format;
  // Bounded, should a caller ever pass languages or zones from outside (the server formats en/fr in UTC).
  if (formats.size >= 64) formats.clear();
  format = new Intl.DateTimeFormat(language, options);
  formats.set(key, format);
  return format;
}

function withFrenchOrdinal(parts: Intl.DateTimeFormatPart[], language: string): string {
  const french = language.toLowerCase().startsWith('fr');
  return parts.map((part) => (french && part.type === 'day' && part.value === '1' ? '1er' : part.value)).join('');
}

export function formatDate(date: Date | string, language: string, style: DateStyle = 'long', timeZone?: string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  const format = dateTimeFormat(language, { ...dateOptions[style], ...(timeZone ? { timeZone } : {}) });
  return withFrenchOrdinal(format.formatToParts(value), language);
}

/** "9:00 AM" in English, "09:00" in French: the reader's clock, never a zero-padded 12-hour "09:00 AM". */
export function formatTime(date: Date | string, language: string, timeZone?: string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  // 24-hour clocks pad the hour ("09:00"); 12-hour clocks do not ("9:00 AM").
  const cycle = dateTimeFormat(language, { hour: 'numeric' }).resolvedOptions().hourCycle;
  const hour = cycle === 'h23' || cycle === 'h24' ? '2-digit' : 'numeric';
  return dateTimeFormat(language, { hour, minute: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(value);
}

/** A day and a time together ("Tuesday, November 25 at 9:00 AM" / "mardi 25 novembre à 09:00"). */
export function formatDateTime(date: Date | string, language: string, timeZone?: string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  const format = dateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) });
  return withFrenchOrdinal(format.formatToParts(value), language);
}
