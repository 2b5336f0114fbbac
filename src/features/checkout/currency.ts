import { publicConfig } from '../../app/public-config';
import { currencyForCountry, defaultCurrency, type SupportedCurrency } from '../../contracts/payments';

export const CURRENCY_FALLBACK_WARNING = 'Could not determine the visitor currency; falling back to EUR';

/**
 * The paywall's currency: the visitor's country from the configured geolocation URL (this server's
 * /geo/country unless GEO_COUNTRY_URL says otherwise), mapped with country-to-currency and kept only
 * when the product sells in it. Any failure or unknown country → EUR with a console warning (SPEC §8).
 */
export async function detectCurrency(
  fetchImpl: typeof fetch = fetch,
  url: string = publicConfig().geoCountryUrl,
  warn: (message: string, detail?: unknown) => void = console.warn,
  timeoutMs = 4000,
): Promise<SupportedCurrency> {
  let country: string | null = null;
  try {
    const response = await fetchImpl(url, { headers: { accept: 'text/plain' }, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`country lookup answered ${response.status}`);
    country = (await response.text()).trim().slice(0, 8);
  } catch (error) {
    warn(CURRENCY_FALLBACK_WARNING, error);
    return defaultCurrency;
  }
  const currency = currencyForCountry(country);
  if (!currency) {
    warn(CURRENCY_FALLBACK_WARNING, { country });
    return defaultCurrency;
  }
  return currency;
}
