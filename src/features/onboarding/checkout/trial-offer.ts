import { apiRequest } from '../../../app/api-client';
import { useQuery } from '../../../app/query-cache';
import type { SubscriptionResponse } from '../../../../core/contracts/payments';

const TRIAL_OFFER_KEY = ['trial-offer'] as const;

/** SPEC §9: checkout-route data is stale after 1 second. */
const CHECKOUT_STALE_MS = 1000;

/**
 * Whether this person's checkout starts with the free trial (the server's one-trial-per-account
 * rule, server/payments/subscription-life.ts): true, false, or undefined until known. `ask` is
 * false where the page only reads what the paywall already asked (its prerendered frame).
 */
export function useTrialOffer(ask: boolean): { trial: boolean | undefined; settled: boolean } {
  const query = useQuery(TRIAL_OFFER_KEY, async () => (await apiRequest<SubscriptionResponse>('/v1/subscription')).trialAvailable, {
    enabled: ask,
    staleTimeMs: CHECKOUT_STALE_MS,
    retries: 1,
  });
  return { trial: query.data, settled: query.status !== 'pending' };
}
