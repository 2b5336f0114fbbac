import type { CountryCode } from 'libphonenumber-js';
import table from './generated/country-table.json';

/**
 * The country table (SPEC §3 "Country record"), generated from maintained data rather than written
 * by hand (country-table.source.ts, `npm run generate:countries`):
 * - the countries and territories with a dialling plan, their calling codes and the area code of the
 *   NANP-style members (Antigua is +1-268) come from libphonenumber-js' metadata;
 * - names come from the browser's own CLDR data through Intl.DisplayNames, in the page language;
 * - time zones come from `countries-and-timezones`, with legacy names (Asia/Calcutta,
 *   Europe/Kiev…) replaced by the current ones; they are in ./country-zones.ts, read only where a
 *   page needs them, so the phone picker's table in the first render carries none (#16).
 * Neither package is loaded by the browser for this: the generated table is a few KB.
 */
export interface CountryRecord {
  /** ISO 3166-1 alpha-2 code (libphonenumber's codes, which add AC Ascension, TA Tristan da Cunha and XK Kosovo). */
  code: CountryCode;
  /** Dialling prefix as shown to people, with the area code when a country shares a calling code: '+33', '+1-268'. */
  num: string;
  /** The calling code alone, digits only: '33', '1'. */
  callingCode: string;
}

export interface LocalizedCountry extends CountryRecord {
  /** Name in the requested language. */
  country: string;
  flag: string;
}

export const fallbackCountryCode: CountryCode = 'US';

/** Every country and territory with a dialling plan (≈245), in code order. */
export const countries: readonly CountryRecord[] = (table.countries as Array<[CountryCode, string, string]>).map(([code, callingCode, num]) => ({ code, callingCode, num }));

const byCode = new Map<string, CountryRecord>(countries.map((record) => [record.code, record]));

/** The flag emoji of a two-letter code: each letter becomes its regional indicator symbol. */
export function flagEmoji(code: string): string {
  const letters = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(letters)) return '';
  return String.fromCodePoint(...[...letters].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/** SPEC §3 lookup: the first two letters of the value, uppercased; the United States when nothing matches. */
export function findCountry(value: string | null | undefined): CountryRecord {
  const code = (value ?? '').trim().slice(0, 2).toUpperCase();
  return byCode.get(code) ?? (byCode.get(fallbackCountryCode) as CountryRecord);
}

export function isCountryCode(value: string): value is CountryCode {
  return byCode.has(value);
}

const displayNames = new Map<string, Intl.DisplayNames>();
const givenNames = new Map<string, string>();

/**
 * A name the page was prerendered with (src/app/prerendered.ts), used for that country in that
 * language: the phone field's first render then needs no Intl.DisplayNames, whose region names'
 * start-up was the start page's longest task while it was adopted (69 of 78 ms on a slow machine,
 * #40.2), and the name adopted is the one in the markup. The picker's list names the others.
 */
export function rememberCountryName(code: string, language: string, name: string): void {
  givenNames.set(`${language}:${code}`, name);
}

/** The country's name in `language` (CLDR data of the running browser or Node). */
export function countryName(code: string, language: string): string {
  const given = givenNames.get(`${language}:${code}`);
  if (given) return given;
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'code' });
    displayNames.set(language, names);
  }
  return names.of(code) ?? code;
}

const localized = new Map<string, readonly LocalizedCountry[]>();

/** The table with names and flags in `language`, sorted by name the way that language sorts. */
export function localizedCountries(language: string): readonly LocalizedCountry[] {
  let list = localized.get(language);
  if (!list) {
    const collator = new Intl.Collator(language, { sensitivity: 'base' });
    list = countries
      .map((record) => ({ ...record, country: countryName(record.code, language), flag: flagEmoji(record.code) }))
      .sort((a, b) => collator.compare(a.country, b.country));
    localized.set(language, list);
  }
  return list;
}

/** Folds case and accents so "cote" finds "Côte d’Ivoire" and "etats" finds "États-Unis". */
function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/** Countries whose name, code or dialling prefix matches the query ('fra', 'fr', '+33', '33', '1-268'). */
export function searchCountries(list: readonly LocalizedCountry[], query: string): LocalizedCountry[] {
  const needle = fold(query);
  if (!needle) return [...list];
  const digits = needle.replace(/[^\d]/g, '');
  const isDialQuery = /^[+\d\s-]+$/.test(needle) && digits.length > 0;
  return list.filter((record) => {
    if (isDialQuery) return record.num.replace(/[^\d]/g, '').startsWith(digits) || record.callingCode.startsWith(digits);
    return fold(record.country).includes(needle) || record.code.toLowerCase() === needle;
  });
}

/**
 * The visitor's likely country from the browser's languages ('fr-CA' → CA; a bare 'fr' is widened
 * with Intl.Locale.maximize() → FR); the United States when none gives a known region.
 */
export function defaultCountryCode(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): CountryCode {
  for (const tag of languages) {
    try {
      const locale = new Intl.Locale(tag);
      const region = locale.region ?? locale.maximize().region;
      if (region && isCountryCode(region)) return region;
    } catch {
      // An invalid language tag: try the next one.
    }
  }
  return fallbackCountryCode;
}
