import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { phoneField } from '../../../core/contracts/signup-forms';
import { formatPhone } from '../../../core/phone/display';
import { callingCodeCountry, isValidE164, phoneCountry, toE164 } from '../../../core/phone/parse';
import { prefilledPhone } from '../../../core/phone/prefill';
import { E164_PATTERN, e164Spelling, gotrueSpelling, phoneBlock, storedPhone } from '../../../core/phone/spelling';

describe('toE164: the one normaliser of the browser schemas, the auth service and the product API', () => {
  it('reads a number written in international form any common way', () => {
    for (const written of ['+33612345678', '+33 6 12 34 56 78', '33612345678', '0033 6 12 34 56 78', '+33 (6) 12-34.56.78', ' +33612345678 ']) {
      expect(toE164(written), written).toBe('+33612345678');
    }
    expect(toE164('+1 212 705 8801')).toBe('+12127058801');
  });

  it('refuses what is not a valid number of its country, with the full metadata', () => {
    // Possible lengths but no real prefix: valid with libphonenumber-js' 'min' metadata, not with 'max'.
    expect(toE164('+33700000000')).toBeNull();
    expect(toE164('+491000000000')).toBeNull();
    for (const junk of ['', '+', '0612345678', '+0612345678', '+1 555 555 5555', 'call me', '+3361234567890123', '++33612345678']) {
      expect(toE164(junk), junk).toBeNull();
    }
  });

  it('is what the sign-up schema accepts: E.164 with its + and nothing else', () => {
    expect(isValidE164('+33612345678')).toBe(true);
    expect(isValidE164('33612345678')).toBe(false);
    expect(isValidE164('+33 6 12 34 56 78')).toBe(false);
    expect(isValidE164('+33700000000')).toBe(false);
    expect(phoneField.safeParse('+33612345678').success).toBe(true);
    expect(phoneField.safeParse('+33700000000').success).toBe(false);
    expect(phoneField.safeParse('33612345678').success).toBe(false);
  });

  it('gives the stored spelling the database CHECK asks for', () => {
    for (const written of ['+44 20 7946 0000', '0049 151 12345678', '+1 (212) 705-8801']) {
      const e164 = toE164(written);
      expect(e164 && E164_PATTERN.test(e164), written).toBe(true);
    }
  });
});

describe('prefilledPhone: a prefill written for the phone field (#37.5)', () => {
  it("gives digits alone their '+' (SPEC: a number gets a leading +)", () => {
    expect(prefilledPhone('33612345678')).toBe('+33612345678');
    expect(prefilledPhone(' 12684641234 ')).toBe('+12684641234');
  });

  it("never glues a '+' to a national number: no calling code starts with 0", () => {
    expect(prefilledPhone('0612345678')).toBe('0612345678');
    expect(prefilledPhone('+0612345678')).toBe('0612345678');
    expect(prefilledPhone('0033612345678')).toBe('+33612345678');
    for (const written of ['0612345678', '+0612345678', '07700900123', '0']) expect(prefilledPhone(written), written).not.toMatch(/^\+0/);
  });

  it('keeps anything else as written, for the field to read as typed', () => {
    expect(prefilledPhone('+44 7700 900123')).toBe('+44 7700 900123');
    expect(prefilledPhone('06 12 34 56 78')).toBe('06 12 34 56 78');
  });
});

describe('callingCodeCountry: the country a calling code dials into', () => {
  it("is the calling code's main country, or the current one when it shares the code", () => {
    expect(callingCodeCountry('44')).toBe('GB');
    expect(callingCodeCountry('1')).toBe('US');
    expect(callingCodeCountry('7')).toBe('RU');
    expect(callingCodeCountry('1', 'CA')).toBe('CA');
    expect(callingCodeCountry('44', 'FR')).toBe('GB');
    expect(callingCodeCountry(undefined, 'FR')).toBeUndefined();
    expect(callingCodeCountry('999')).toBeUndefined();
  });
});

describe('spellings', () => {
  it('drops the + only on the GoTrue wire and puts it back when reading', () => {
    expect(gotrueSpelling('+33612345678')).toBe('33612345678');
    expect(gotrueSpelling(null)).toBe('');
    expect(storedPhone('33612345678')).toBe('+33612345678');
    expect(storedPhone('+33612345678')).toBe('+33612345678');
    expect(storedPhone('')).toBeNull();
    expect(storedPhone(gotrueSpelling('+12127058801'))).toBe('+12127058801');
    expect(e164Spelling('+33 6 12 34 56 78')).toBe('+33612345678');
  });

  it("names a number's block of 10,000 (the send budget and the legitimacy prefix)", () => {
    expect(phoneBlock('+33612345678')).toBe('+3361234');
    expect(phoneBlock('+33612349999')).toBe(phoneBlock('+33612340000'));
    expect(phoneBlock('+33612350000')).not.toBe(phoneBlock('+33612349999'));
    expect(phoneBlock('+123456')).toBeNull();
    expect(phoneBlock(null)).toBeNull();
  });
});

describe('formatPhone and phoneCountry', () => {
  it('is national for a reader of the same country, international otherwise', () => {
    expect(formatPhone('+12127058801', 'US')).toBe('(212) 705-8801');
    expect(formatPhone('+12127058801', 'FR')).toBe('+1 212 705 8801');
    expect(formatPhone('+33612345678', 'FR')).toBe('06 12 34 56 78');
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
  });

  it('leaves what does not parse as given', () => {
    expect(formatPhone('not a number', 'FR')).toBe('not a number');
    expect(formatPhone(null)).toBe('');
    expect(phoneCountry('+33612345678')).toBe('FR');
    expect(phoneCountry('+12127058801')).toBe('US');
    expect(phoneCountry('')).toBeNull();
  });
});

describe('one metadata set', () => {
  const root = join(import.meta.dirname, '../../..');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
      return /\.tsx?$/.test(name) ? [path] : [];
    });

  // The country table's generator reads calling codes at generation time (npm run generate:countries).
  const allowed = ['core/phone/library.ts', 'src/lib/country-table.source.ts'];

  it('is loaded only through core/phone/library.ts, so browser and server validate alike', () => {
    const valueImports = ['core', 'src', 'machines', 'server']
      .flatMap((dir) => sources(join(root, dir)))
      .filter((path) => /^import (?!type )[^;]*from 'libphonenumber-js[^']*'/m.test(readFileSync(path, 'utf8')) || /(import\(|export .* from )'libphonenumber-js/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(root, path))
      .filter((path) => !allowed.includes(path));
    expect(valueImports).toEqual([]);
  });
});
