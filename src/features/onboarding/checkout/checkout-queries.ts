import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../platform/api-client';
import { personalKey, publicKey } from '../../../platform/query-cache';
import type { PlansResponse } from '../../../../core/contracts/payments';
import type { SupportedCurrency } from '../../../../core/payments/currency';
import { currencyFromPersonCountries, geoCurrency } from './currency';

/** SPEC §9: checkout-route data is stale after 1 second (prices must be current when paying). */
export const CHECKOUT_STALE_MS = 1000;

/**
 * The paywall's reads, one TanStack `queryOptions` each (../../../platform/query-cache: whose data a key
 * holds). The plans and the visitor's country are the same for everyone (public); the currency of
 * the countries a person gave is theirs (their company's country and phone number are in its key).
 */

/** GET /v1/subscription/plans in one currency (public: sent without a token). */
export function plansQuery(currency: SupportedCurrency | undefined) {
  return queryOptions({
    queryKey: publicKey('plans', currency ?? null),
    queryFn: ({ signal }) => apiRequest<PlansResponse>('/v1/subscription/plans', { query: { currency }, anonymous: true, signal }),
    enabled: currency !== undefined,
    staleTime: CHECKOUT_STALE_MS,
  });
}

/** The currency of the visitor's country by geolocation (null: none sold there); asked once. */
export function geoCurrencyQuery() {
  return queryOptions({ queryKey: publicKey('geo-currency'), queryFn: () => geoCurrency(fetch), retry: 0 });
}

/** The currency of the countries the person gave (company first, then phone). */
export function personCurrencyQuery(userId: string, company: string | null, phone: string | null) {
  return queryOptions({
    queryKey: personalKey(userId, 'country-currency', company, phone),
    queryFn: () => currencyFromPersonCountries(company, phone),
    retry: 0,
  });
}
