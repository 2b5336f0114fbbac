import { queryOptions } from '@tanstack/react-query';
import type { SubscriptionResponse } from '../../core/contracts/payments';
import type { User } from '../../core/contracts/user';
import { apiRequest } from './api-client';
import { personalKey } from './query-cache';

/**
 * The signed-in person's server data, one TanStack `queryOptions` per endpoint, each keyed by the
 * person (./query-cache: whose data a key holds). Every reader spreads these and adds only what is
 * its own (`enabled`, a shorter `staleTime`, a `select`): one definition of `/v1/user`, one cache
 * entry for `/v1/subscription` whoever reads it (the account page, the success pages' welcome, the
 * paywall's trial offer). Each read is sent only with that person's token (`asUser`).
 */

/** GET /v1/user: the profile, the identity check's status, the role. Read fresh on each visit. */
export function personQuery(userId: string) {
  return queryOptions({
    queryKey: personalKey(userId, 'profile'),
    queryFn: ({ signal }) => apiRequest<User>('/v1/user', { signal, asUser: userId }),
    staleTime: 0,
  });
}

/** GET /v1/subscription: the current subscription (null without one) and whether a trial is still offered. */
export function subscriptionQuery(userId: string) {
  return queryOptions({
    queryKey: personalKey(userId, 'subscription'),
    queryFn: ({ signal }) => apiRequest<SubscriptionResponse>('/v1/subscription', { signal, asUser: userId }),
    staleTime: 0,
  });
}
