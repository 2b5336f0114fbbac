import { useQuery } from '@tanstack/react-query';
import { subscriptionQuery } from '../../../platform/person-queries';
import { queryClient, retryUpTo } from '../../../platform/query-cache';
import { useSignedInUser } from '../../../platform/session/user-change';
import { CHECKOUT_STALE_MS } from './checkout-queries';


/**
 * Whether this person's checkout starts with the free trial (the server's one-trial-per-account
 * rule, server/payments/subscription-life.ts): true, false, or undefined until known. `ask` is
 * false where the page only reads what the paywall already asked (its prerendered frame). The
 * same cache entry as the account page's subscription (../../../platform/person-queries), read fresher.
 */
export function useTrialOffer(ask: boolean): { trial: boolean | undefined; settled: boolean } {
  const userId = useSignedInUser() ?? undefined;
  const query = useQuery(
    {
      ...subscriptionQuery(userId ?? ''),
      select: (answer) => answer.trialAvailable,
      enabled: ask && userId !== undefined,
      staleTime: CHECKOUT_STALE_MS,
      retry: retryUpTo(1),
    },
    queryClient,
  );
  return { trial: query.data, settled: !query.isPending };
}
