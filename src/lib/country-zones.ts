import type { CountryCode } from 'libphonenumber-js';
import zones from './generated/country-zones.json';

/**
 * The time zones of the country table (SPEC §3 "Country record": current IANA identifiers),
 * generated with it (country-table.source.ts). Kept apart from ./countries.ts, whose table the phone
 * field needs at first render, so that no page downloads them unless it reads them (#16).
 */
const timezones: Partial<Record<string, string[]>> = zones;

/** The country's current zone identifiers (empty for a code outside the table). */
export function countryTimeZones(code: CountryCode | string): readonly string[] {
  return timezones[code] ?? [];
}
