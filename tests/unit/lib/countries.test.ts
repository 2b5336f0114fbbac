import { describe, expect, it } from 'vitest';
import {
  countries,
  countryName,
  defaultCountryCode,
  findCountry,
  flagEmoji,
  localizedCountries,
  searchCountries,
} from '../../../src/lib/countries';
import { countryTimeZones } from '../../../src/lib/country-zones';
import { currentTimeZone } from '../../../src/lib/time-zones';

describe('country table', () => {
  it('holds about 240 countries and territories, each with a prefix and time zones', () => {
    expect(countries.length).toBeGreaterThanOrEqual(235);
    expect(countries.length).toBeLessThanOrEqual(250);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    for (const record of countries) {
      expect(record.code).toMatch(/^[A-Z]{2}$/);
      expect(record.num).toMatch(/^\+\d{1,3}(-\d+)?$/);
      expect(countryTimeZones(record.code).length, record.code).toBeGreaterThan(0);
    }
  });

  it('shows the area code of countries that share a calling code', () => {
    expect(findCountry('AG').num).toBe('+1-268');
    expect(findCountry('JM').num).toBe('+1');
    expect(findCountry('BS').num).toBe('+1-242');
    expect(findCountry('US').num).toBe('+1');
    expect(findCountry('FR').num).toBe('+33');
    expect(findCountry('GB').num).toBe('+44');
  });

  it('maps legacy time-zone names to current ones', () => {
    expect(currentTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentTimeZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(countryTimeZones('IN')).toEqual(['Asia/Kolkata']);
    expect(countryTimeZones('UA')).toContain('Europe/Kyiv');
    expect(countryTimeZones('ZZ')).toEqual([]);
    const all = countries.flatMap((c) => countryTimeZones(c.code));
    expect(all).not.toContain('Asia/Calcutta');
    expect(all).not.toContain('Europe/Kiev');
    expect(all).not.toContain('Asia/Saigon');
  });

  it('looks up by the first two letters uppercased, the United States when nothing matches', () => {
    expect(findCountry('fr').code).toBe('FR');
    expect(findCountry('france').code).toBe('FR');
    expect(findCountry('de-DE').code).toBe('DE');
    expect(findCountry('zz').code).toBe('US');
    expect(findCountry('').code).toBe('US');
    expect(findCountry(null).code).toBe('US');
  });

  it('derives the flag emoji from the code', () => {
    expect(flagEmoji('fr')).toBe('🇫🇷');
    expect(flagEmoji('US')).toBe('🇺🇸');
    expect(flagEmoji('1')).toBe('');
  });

  it('names countries in the page language and sorts them that way', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    const fr = localizedCountries('fr');
    expect(fr.find((c) => c.code === 'US')?.country).toBe('États-Unis');
    expect(fr[0]?.country).toBe('Afghanistan');
  });

  it('searches by name without accents, by code and by prefix', () => {
    const fr = localizedCountries('fr');
    expect(searchCountries(fr, 'etats-unis').map((c) => c.code)).toContain('US');
    expect(searchCountries(fr, 'CI').map((c) => c.code)).toContain('CI');
    expect(searchCountries(fr, '+1 268').map((c) => c.code)).toEqual(['AG']);
    expect(searchCountries(fr, '33').map((c) => c.code)).toContain('FR');
    expect(searchCountries(fr, 'zzzz')).toEqual([]);
  });

  it('picks the default country from the browser languages', () => {
    expect(defaultCountryCode(['fr-CA', 'fr'])).toBe('CA');
    expect(defaultCountryCode(['fr'])).toBe('FR');
    expect(defaultCountryCode(['en-GB'])).toBe('GB');
    expect(defaultCountryCode(['not a tag', 'de'])).toBe('DE');
    expect(defaultCountryCode([])).toBe('US');
  });
});

describe('generated country table', () => {
  it('matches the installed libphonenumber-js and countries-and-timezones (run `npm run generate:countries` if not)', async () => {
    const { buildCountryTable, buildCountryZones, buildZoneAliases } = await import('../../../src/lib/country-table.source');
    const committed = (await import('../../../src/lib/generated/country-table.json')).default;
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildCountryTable())));
    expect((await import('../../../src/lib/generated/country-zones.json')).default).toEqual(JSON.parse(JSON.stringify(buildCountryZones())));
    expect((await import('../../../src/lib/generated/zone-aliases.json')).default).toEqual(JSON.parse(JSON.stringify(buildZoneAliases())));
  });
});
