import { useState } from 'react';
import { useQuery } from '../../../app/query-cache';
import type { SupportedCurrency } from '../../../../core/payments/currency';
import { currencyFromPersonCountries, geoCurrency } from './currency';

/**
 * The paywall's currency: the one the person picked, else geolocation's, else the person's own
 * countries' (company first, then phone). Geolocation is asked as soon as the paywall is drawn
 * (beside the profile fetch); the person's countries only when it gives no currency sold here, once
 * the funnel has `decided` the paywall is theirs. Undefined until known.
 */
export function usePaywallCurrency(
  countryHints: { company: string | null; phone: string | null } | undefined,
  decided: boolean,
): { currency: SupportedCurrency | undefined; choose(currency: SupportedCurrency): void } {
  const company = countryHints?.company ?? null;
  const phone = countryHints?.phone ?? null;
  const geoQuery = useQuery(['geo-currency'], () => geoCurrency(fetch), { retries: 0 });
  const geoSettled = geoQuery.status !== 'pending';
  const hintQuery = useQuery(['hint-currency', company, phone], () => currencyFromPersonCountries(company, phone), {
    enabled: decided && geoSettled && !geoQuery.data,
    retries: 0,
  });
  // The person may pick another currency; the detected one is only the starting point.
  const [chosenCurrency, setChosenCurrency] = useState<SupportedCurrency | null>(null);
  const currency = chosenCurrency ?? geoQuery.data ?? (decided && geoSettled ? hintQuery.data : undefined);
  return { currency, choose: setChosenCurrency };
}
