import { describe, expect, it } from 'vitest';
import { moneyFormatter } from '../../../core/payments/money';
import { currencyLabel, formatTrialDate } from '../../../src/features/onboarding/checkout/paywall-format';

/** The paywall's words for money, currencies and the trial's end (src/features/onboarding/checkout/paywall-format.ts). */
describe('paywall formatting', () => {
  it('writes an amount in minor units with the currency\'s own decimals', () => {
    expect(moneyFormatter('USD', 2, 'en')(1999)).toBe('$19.99');
    expect(moneyFormatter('EUR', 2, 'fr')(1999)).toBe('19,99\u00a0€');
    expect(moneyFormatter('JPY', 0, 'en')(2400)).toBe('¥2,400');
  });

  it('keeps the decimals of a round amount (a price reads "$20.00", not "$20")', () => {
    expect(moneyFormatter('USD', 2, 'en')(2000)).toBe('$20.00');
  });

  it('names a currency in the reader\'s language, capitalised, with its code', () => {
    expect(currencyLabel('USD', 'en')).toBe('US Dollar (USD)');
    expect(currencyLabel('USD', 'fr')).toBe('Dollar des États-Unis (USD)');
    expect(currencyLabel('EUR', 'fr')).toBe('Euro (EUR)');
  });

  it('writes the trial\'s end as a long date, French ordinal included', () => {
    expect(formatTrialDate(new Date(2026, 11, 4, 12), 'en')).toBe('December 4, 2026');
    expect(formatTrialDate(new Date(2026, 11, 1, 12), 'fr')).toBe('1er décembre 2026');
  });
});
