import type { SubscriptionResponse } from '../../core/contracts/payments';
import type { User } from '../../core/contracts/user';
import { apiRequest } from './api-client';

/**
 * The signed-in person's two reads as plain requests, each sent only with that person's token
 * (`asUser`): the queries (./person-queries) fetch through them, and the account page's reads send
 * them before TanStack Query's chunk has arrived (../features/account/account-reads.ts).
 */

/** GET /v1/user: the profile, the identity check's status, the role. */
export function readPerson(userId: string, signal?: AbortSignal): Promise<User> {
  return apiRequest<User>('/v1/user', { asUser: userId, ...(signal ? { signal } : {}) });
}

/** GET /v1/subscription: the current subscription (null without one) and whether a trial is still offered. */
export function readSubscription(userId: string, signal?: AbortSignal): Promise<SubscriptionResponse> {
  return apiRequest<SubscriptionResponse>('/v1/subscription', { asUser: userId, ...(signal ? { signal } : {}) });
}
