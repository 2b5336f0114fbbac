import countryToCurrency from 'country-to-currency';

/**
 * Which currency a person pays in: the currencies the product sells in, the default, and the one for
 * a country. The browser's paywall (src/features/onboarding/checkout/currency.ts) and the server's checkout
 * (server/payments/checkout-routes.ts) both decide through this file.
 */

/** Currencies the product sells in (migration 0300 seeds the server's `currencies` table with these). */
export const supportedCurrencies = ['EUR', 'USD', 'GBP', 'CAD', 'CHF', 'JPY', 'AUD'] as const;
export type SupportedCurrency = (typeof supportedCurrencies)[number];

/** For a country whose currency is not sold in, or an unknown country. */
export const defaultCurrency: SupportedCurrency = 'EUR';

export function isSupportedCurrency(value: unknown): value is SupportedCurrency {
  return typeof value === 'string' && (supportedCurrencies as readonly string[]).includes(value);
}

/**
 * The currency for a country code (country-to-currency, restricted to the supported ones), or
 * null when the country is unknown or its currency is not sold in.
 */
export function currencyForCountry(country: string | null | undefined): SupportedCurrency | null {
  if (!country) return null;
  const code = country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return null;
  const currency = (countryToCurrency as Record<string, string | undefined>)[code];
  return isSupportedCurrency(currency) ? currency : null;
}
