import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryClient } from '../../../platform/query-cache';
import { useSignedInUser } from '../../../platform/session/user-change';
import type { SupportedCurrency } from '../../../../core/payments/currency';
import { geoCurrencyQuery, personCurrencyQuery } from './checkout-queries';

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
  const userId = useSignedInUser() ?? undefined;
  const geoQuery = useQuery(geoCurrencyQuery(), queryClient);
  const geoSettled = !geoQuery.isPending;
  const hintQuery = useQuery({ ...personCurrencyQuery(userId ?? '', company, phone), enabled: decided && geoSettled && !geoQuery.data && userId !== undefined }, queryClient);
  // The person may pick another currency; the detected one is only the starting point.
  const [chosenCurrency, setChosenCurrency] = useState<SupportedCurrency | null>(null);
  const currency = chosenCurrency ?? geoQuery.data ?? (decided && geoSettled ? hintQuery.data : undefined);
  return { currency, choose: setChosenCurrency };
}
