import { publicConfig } from '../../app/public-config';
import { currencyForCountry, defaultCurrency, type SupportedCurrency } from '../../contracts/payments';

export const CURRENCY_FALLBACK_WARNING = 'Could not determine the visitor currency; falling back to EUR';

/**
 * The paywall's currency from the best signal there is: the visitor's country from the configured
 * geolocation URL (this server's /geo/country unless GEO_COUNTRY_URL says otherwise), then the
 * countries the person gave (`fallbackCountries`: the company's country, then the phone number's),
 * each mapped with country-to-currency and kept only when the product sells in it. A lookup that
 * fails or answers no sold currency is warned about (SPEC §8); with no signal at all → EUR.
 */
export async function detectCurrency(
  fetchImpl: typeof fetch = fetch,
  url: string = publicConfig().geoCountryUrl,
  warn: (message: string, detail?: unknown) => void = console.warn,
  timeoutMs = 4000,
  fallbackCountries: ReadonlyArray<string | null | undefined> = [],
): Promise<SupportedCurrency> {
  let country: string | null = null;
  try {
    const response = await fetchImpl(url, { headers: { accept: 'text/plain' }, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`country lookup answered ${response.status}`);
    country = (await response.text()).trim().slice(0, 8);
  } catch (error) {
    warn(CURRENCY_FALLBACK_WARNING, error);
    return currencyFromCountries(fallbackCountries);
  }
  const currency = currencyForCountry(country);
  if (!currency) {
    warn(CURRENCY_FALLBACK_WARNING, { country });
    return currencyFromCountries(fallbackCountries);
  }
  return currency;
}

/** The currency of the first country the product sells in, else EUR. */
export function currencyFromCountries(countries: ReadonlyArray<string | null | undefined>): SupportedCurrency {
  for (const country of countries) {
    const currency = currencyForCountry(country);
    if (currency) return currency;
  }
  return defaultCurrency;
}
