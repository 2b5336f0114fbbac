import { apiRequest } from '../api-client';
import { useQuery } from '../query-cache';
import type { SubscriptionResponse, SubscriptionView } from '../../../core/contracts/payments';
import type { User } from '../../../core/contracts/user';
import { useSession } from './session';

/** The cache key of the signed-in person's subscription: the account page and the welcome share one copy. */
export const SUBSCRIPTION_KEY = ['subscription'] as const;

/**
 * Where the reader of a page stands, for pages that must only say what is true for them (the
 * success pages, typed by anyone at any time): a visitor, someone in identity review, someone with
 * no plan, or a subscription that still opens the product ("open") or no longer does ("closed").
 * The stages are the server's (GET /v1/subscription); this only sorts them.
 */
export type Standing =
  | { kind: 'loading' }
  | { kind: 'visitor' }
  | { kind: 'inReview' }
  | { kind: 'noPlan'; trialAvailable: boolean }
  | { kind: 'open'; subscription: SubscriptionView }
  | { kind: 'closed'; subscription: SubscriptionView };

/** How the reader signs in to the apps: only proven identifiers (an unconfirmed email signs in no one). */
export type SignInWith = 'phoneOrEmail' | 'phone' | 'email' | 'account';

export function useReaderStanding(): { standing: Standing; signInWith: SignInWith } {
  const session = useSession();
  const user = session.session?.user;
  const person = session.status === 'signedIn' && user?.is_anonymous !== true && !session.secondStepDue;
  const subscription = useQuery(SUBSCRIPTION_KEY, () => apiRequest<SubscriptionResponse>('/v1/subscription'), { enabled: person, staleTimeMs: 0 });
  const noPlan = subscription.status === 'success' && subscription.data.subscription === null;
  const profile = useQuery(['account-user'], () => apiRequest<User>('/v1/user'), { enabled: person && noPlan, staleTimeMs: 0 });

  const phone = Boolean(user?.phone);
  const email = Boolean(user?.email && user.email_confirmed_at);
  const signInWith: SignInWith = phone && email ? 'phoneOrEmail' : phone ? 'phone' : email ? 'email' : 'account';

  if (session.status === 'loading') return { standing: { kind: 'loading' }, signInWith };
  if (!person) return { standing: { kind: 'visitor' }, signInWith };
  // A failed read tells nothing about the reader: the page stays as general as for a visitor.
  if (subscription.status === 'error') return { standing: { kind: 'visitor' }, signInWith };
  if (subscription.status === 'pending') return { standing: { kind: 'loading' }, signInWith };
  const current = subscription.data.subscription;
  if (current) {
    const open = current.stage !== 'ended' && current.stage !== 'refunded';
    return { standing: { kind: open ? 'open' : 'closed', subscription: current }, signInWith };
  }
  if (profile.status === 'pending') return { standing: { kind: 'loading' }, signInWith };
  const kyc = profile.data?.kyc_status;
  if (kyc === 'PENDING_REVIEW' || kyc === 'REJECTED') return { standing: { kind: 'inReview' }, signInWith };
  return { standing: { kind: 'noPlan', trialAvailable: subscription.data.trialAvailable }, signInWith };
}
