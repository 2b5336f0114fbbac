import { queryOptions } from '@tanstack/react-query';
import { readPerson, readSubscription } from './person-reads';
import { personalKey } from './query-cache';

/**
 * The signed-in person's server data, one TanStack `queryOptions` per endpoint, each keyed by the
 * person (./query-cache: whose data a key holds). Every reader spreads these and adds only what is
 * its own (`enabled`, a shorter `staleTime`, a `select`): one definition of `/v1/user`, one cache
 * entry for `/v1/subscription` whoever reads it (the account page, the success pages' welcome, the
 * paywall's trial offer). The requests themselves are ./person-reads.
 */

/** GET /v1/user: the profile, the identity check's status, the role. Read fresh on each visit. */
export function personQuery(userId: string) {
  return queryOptions({
    queryKey: personalKey(userId, 'profile'),
    queryFn: ({ signal }) => readPerson(userId, signal),
    staleTime: 0,
  });
}

/** GET /v1/subscription: the current subscription (null without one) and whether a trial is still offered. */
export function subscriptionQuery(userId: string) {
  return queryOptions({
    queryKey: personalKey(userId, 'subscription'),
    queryFn: ({ signal }) => readSubscription(userId, signal),
    staleTime: 0,
  });
}
