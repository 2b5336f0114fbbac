import { describe, expect, it, vi } from 'vitest';
import { currencyForCountry } from '../../../core/payments/currency';
import { CURRENCY_FALLBACK_WARNING, CURRENCY_LOOKUP_WARNING, currencyFromPersonCountries, detectCurrency, geoCurrency } from '../../../src/features/onboarding/checkout/currency';

const answer = (body: string, status = 200) => vi.fn(async () => new Response(body, { status })) as unknown as typeof fetch;

describe('country → currency', () => {
  it.each([
    ['FR', 'EUR'],
    ['DE', 'EUR'],
    ['US', 'USD'],
    ['GB', 'GBP'],
    ['CA', 'CAD'],
    ['CH', 'CHF'],
    ['LI', 'CHF'],
    ['JP', 'JPY'],
    ['AU', 'AUD'],
    ['fr', 'EUR'],
  ])('%s → %s', (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });

  it('gives nothing for unknown, unsupported or malformed countries', () => {
    for (const country of ['XX', 'BR', 'IN', '', 'FRA', '1', null, undefined]) expect(currencyForCountry(country)).toBeNull();
  });
});

describe('detectCurrency', () => {
  it('maps the geolocation answer to a supported currency', async () => {
    const warn = vi.fn();
    expect(await detectCurrency(answer('GB\n'), 'http://geo.test/country', warn)).toBe('GBP');
    expect(await detectCurrency(answer('US'), 'http://geo.test/country', warn)).toBe('USD');
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to EUR for an unknown or unsupported country, warning only that nothing gave a currency (the lookup did not fail)', async () => {
    const warn = vi.fn();
    expect(await detectCurrency(answer('XX'), 'http://geo.test/country', warn)).toBe('EUR');
    expect(await detectCurrency(answer('BR'), 'http://geo.test/country', warn)).toBe('EUR');
    expect(warn.mock.calls.map((call) => call[0])).toEqual([CURRENCY_FALLBACK_WARNING, CURRENCY_FALLBACK_WARNING]);
  });

  it('falls back to EUR with a console warning when the lookup fails', async () => {
    const warn = vi.fn();
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await detectCurrency(failing, 'http://geo.test/country', warn)).toBe('EUR');
    expect(await detectCurrency(answer('oops', 500), 'http://geo.test/country', warn)).toBe('EUR');
    // A 200 that is no country code is a broken lookup too.
    expect(await detectCurrency(answer('<!doctype html>'), 'http://geo.test/country', warn)).toBe('EUR');
    expect(warn.mock.calls.map((call) => call[0])).toEqual([CURRENCY_LOOKUP_WARNING, CURRENCY_FALLBACK_WARNING, CURRENCY_LOOKUP_WARNING, CURRENCY_FALLBACK_WARNING, CURRENCY_LOOKUP_WARNING, CURRENCY_FALLBACK_WARNING]);
  });
});

describe('detectCurrency with the person’s own countries', () => {
  it('uses the company country, then the phone’s, when geolocation knows nothing', async () => {
    const warn = vi.fn();
    expect(await detectCurrency(answer('XX'), 'http://geo.test/country', warn, 4000, ['US', 'FR'])).toBe('USD');
    expect(await detectCurrency(answer('XX'), 'http://geo.test/country', warn, 4000, [null, 'GB'])).toBe('GBP');
    expect(await detectCurrency(answer('BR'), 'http://geo.test/country', warn, 4000, ['BR', 'CA'])).toBe('CAD');
    expect(await detectCurrency(answer('', 503), 'http://geo.test/country', warn, 4000, ['CH'])).toBe('CHF');
    expect(await detectCurrency(answer('XX'), 'http://geo.test/country', warn, 4000, [null, undefined])).toBe('EUR');
    // The console never says EUR while another currency is chosen (#26.8): only the last fell back.
    expect(warn.mock.calls.filter((call) => call[0] === CURRENCY_FALLBACK_WARNING)).toHaveLength(1);
  });

  it('prefers a known geolocation over what the person typed', async () => {
    const warn = vi.fn();
    expect(await detectCurrency(answer('JP'), 'http://geo.test/country', warn, 4000, ['US', 'GB'])).toBe('JPY');
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('the paywall’s two steps: geolocation, then the person’s countries', () => {
  it('gives a currency by geolocation alone, or nothing: quietly for an unknown country or one not sold in (an answer), warned for a failed lookup', async () => {
    const warn = vi.fn();
    expect(await geoCurrency(answer('US'), 'http://geo.test/country', warn)).toBe('USD');
    // Every local visitor's answer (decision 301): the paywall warned on each view (#37.5).
    expect(await geoCurrency(answer('XX'), 'http://geo.test/country', warn)).toBeNull();
    expect(await geoCurrency(answer('BR'), 'http://geo.test/country', warn)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    expect(await geoCurrency(answer('', 503), 'http://geo.test/country', warn)).toBeNull();
    expect(warn.mock.calls.map((call) => call[0])).toEqual([CURRENCY_LOOKUP_WARNING]);
  });

  it('takes the company’s country, then the phone number’s, then EUR (the only one warned as a fallback)', async () => {
    const warn = vi.fn();
    expect(await currencyFromPersonCountries('CA', '+447400123456', warn)).toBe('CAD');
    expect(await currencyFromPersonCountries('BR', '+447400123456', warn)).toBe('GBP');
    expect(await currencyFromPersonCountries(null, '+14155550123', warn)).toBe('USD');
    expect(warn).not.toHaveBeenCalled();
    expect(await currencyFromPersonCountries(null, null, warn)).toBe('EUR');
    expect(warn.mock.calls.map((call) => call[0])).toEqual([CURRENCY_FALLBACK_WARNING]);
  });
});
