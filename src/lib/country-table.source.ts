/**
 * Builds the country table (SPEC §3 "Country record") from maintained data, at generation time:
 * - the countries and territories with a dialling plan, their calling codes and the area code of the
 *   NANP-style members (Antigua is +1-268) from libphonenumber-js' metadata;
 * - time zones from `countries-and-timezones`, with legacy names (Asia/Calcutta, Europe/Kiev…)
 *   replaced by the current ones, and the legacy → current map itself.
 * `npm run generate:countries` writes the result to files the SPA reads instead of both packages
 * (≈45 KB), in src/lib/generated: country-table.json (codes and prefixes, the phone picker's, part
 * of the first render, ≈2 KB compressed), country-zones.json (each country's zones) and
 * zone-aliases.json (legacy → current, read by /demo), read only where a page needs them; a unit
 * test fails when the committed files no longer match the packages.
 */
import { getAllTimezones, getCountry as getTimezoneCountry, getTimezone } from 'countries-and-timezones';
import { getCountries, getCountryCallingCode, Metadata, type CountryCode } from 'libphonenumber-js';

export interface CountryTableData {
  /** [code, calling code, dialling prefix as shown]. */
  countries: Array<[CountryCode, string, string]>;
}

/** Each country's current zone identifiers, by code. */
export type CountryZonesData = Partial<Record<CountryCode, string[]>>;

/** Legacy zone name → current one. */
export type ZoneAliasesData = Record<string, string>;

/**
 * Territories the time-zone package does not list get their zones from the territory they belong
 * to (Ascension and Tristan da Cunha are part of Saint Helena; Kosovo shares Serbia's zone).
 */
const timezoneSource: Partial<Record<CountryCode, CountryCode>> = { AC: 'SH', TA: 'SH', XK: 'RS' };

function currentTimeZone(zone: string): string {
  const info = getTimezone(zone);
  return info?.aliasOf ?? info?.name ?? zone;
}

function timezonesOf(code: CountryCode): string[] {
  const source = timezoneSource[code] ?? code;
  const zones = getTimezoneCountry(source, { deprecated: true })?.timezones ?? [];
  return [...new Set(zones.map(currentTimeZone))].sort();
}

function dialPrefix(metadata: Metadata, code: CountryCode, callingCode: string): string {
  metadata.selectNumberingPlan(code);
  const leadingDigits = metadata.numberingPlan?.leadingDigits();
  // Only a plain digit string is an area code (AG: "268"); patterns such as PR's "787|939" are not.
  return leadingDigits && /^\d+$/.test(leadingDigits) ? `+${callingCode}-${leadingDigits}` : `+${callingCode}`;
}

export function buildCountryTable(): CountryTableData {
  const metadata = new Metadata();
  const countries = getCountries().map((code): [CountryCode, string, string] => {
    const callingCode = getCountryCallingCode(code);
    return [code, callingCode, dialPrefix(metadata, code, callingCode)];
  });
  return { countries };
}

export function buildCountryZones(): CountryZonesData {
  return Object.fromEntries(getCountries().map((code) => [code, timezonesOf(code)]));
}

export function buildZoneAliases(): ZoneAliasesData {
  return Object.fromEntries(
    Object.values(getAllTimezones({ deprecated: true }))
      .filter((zone) => zone.aliasOf)
      .map((zone) => [zone.name, zone.aliasOf as string])
      .sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );
}
