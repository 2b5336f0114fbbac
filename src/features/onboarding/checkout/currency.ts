import { publicConfig } from '../../../platform/public-config';
import { currencyForCountry, defaultCurrency, type SupportedCurrency } from '../../../../core/payments/currency';

/** The country lookup failed (SPEC §8): said when it happens, whatever is chosen next. */
export const CURRENCY_LOOKUP_WARNING = 'Could not determine the visitor currency from their location';
/** Said only when EUR is chosen for want of any signal (not when the person's countries gave one). */
export const CURRENCY_FALLBACK_WARNING = 'Could not determine the visitor currency; falling back to EUR';

/**
 * The paywall's currency from the best signal there is: the visitor's country from the configured
 * geolocation URL (this server's /geo/country unless GEO_COUNTRY_URL says otherwise), then the
 * countries the person gave (`fallbackCountries`: the company's country, then the phone number's),
 * each mapped with country-to-currency and kept only when the product sells in it. A lookup that
 * fails is warned about (SPEC §8); one that answers, even "unknown" (`XX`, every local visitor:
 * decision 301) or a country not sold in, has not failed and says nothing (#37.5: it warned on every
 * paywall view). With no signal at all → EUR, warned as such (never while another currency is shown).
 */
export async function detectCurrency(
  fetchImpl: typeof fetch = fetch,
  url: string = publicConfig().geoCountryUrl,
  warn: (message: string, detail?: unknown) => void = console.warn,
  timeoutMs = 4000,
  fallbackCountries: ReadonlyArray<string | null | undefined> = [],
): Promise<SupportedCurrency> {
  return (await geoCurrency(fetchImpl, url, warn, timeoutMs)) ?? currencyFromCountries(fallbackCountries, warn);
}

/**
 * The currency of the visitor's country by geolocation alone, or null when the lookup fails (warned)
 * or answers a country without a currency sold here (unknown `XX` included: an answer, not warned):
 * the paywall asks this before it knows who the person is, and falls back on their countries only
 * once they are known.
 */
export async function geoCurrency(
  fetchImpl: typeof fetch = fetch,
  url: string = publicConfig().geoCountryUrl,
  warn: (message: string, detail?: unknown) => void = console.warn,
  timeoutMs = 4000,
): Promise<SupportedCurrency | null> {
  let country: string | null = null;
  try {
    const response = await fetchImpl(url, { headers: { accept: 'text/plain' }, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`country lookup answered ${response.status}`);
    country = (await response.text()).trim().slice(0, 8);
    // SPEC §7's answer is a two-letter code; anything else is a broken lookup, not a country.
    if (!/^[A-Za-z]{2}$/.test(country)) throw new Error(`country lookup answered ${JSON.stringify(country)}`);
  } catch (error) {
    warn(CURRENCY_LOOKUP_WARNING, error);
    return null;
  }
  return currencyForCountry(country);
}

/**
 * The currency of the countries the person gave: the company's, then the phone number's. The
 * phone's country needs the phone metadata, loaded only here (when geolocation gave nothing and
 * the company's country is not sold in), never before the paywall paints.
 */
export async function currencyFromPersonCountries(
  company: string | null,
  phone: string | null,
  warn: (message: string, detail?: unknown) => void = console.warn,
): Promise<SupportedCurrency> {
  if (currencyForCountry(company)) return currencyFromCountries([company], warn);
  const phoneCountry = phone ? (await import('../../../../core/phone/parse')).phoneCountry(phone) : null;
  return currencyFromCountries([company, phoneCountry], warn);
}

/** The currency of the first country the product sells in, else EUR (warned: SPEC §8). */
export function currencyFromCountries(
  countries: ReadonlyArray<string | null | undefined>,
  warn: (message: string, detail?: unknown) => void = console.warn,
): SupportedCurrency {
  for (const country of countries) {
    const currency = currencyForCountry(country);
    if (currency) return currency;
  }
  warn(CURRENCY_FALLBACK_WARNING, { countries });
  return defaultCurrency;
}
