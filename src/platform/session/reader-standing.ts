import { useQuery } from '@tanstack/react-query';
import type { SubscriptionView } from '../../../core/contracts/payments';
import { personQuery, subscriptionQuery } from '../person-queries';
import { queryClient } from '../query-cache';
import { useSession } from './session';

/**
 * Where the reader of a page stands, for pages that must only say what is true for them (the
 * success pages, typed by anyone at any time): a visitor, someone in identity review, someone whose
 * company the check refused (told so, never a trial), someone with no plan, or a subscription that still opens the product ("open") or no longer does ("closed").
 * The stages are the server's (GET /v1/subscription); this only sorts them.
 */
export type Standing =
  | { kind: 'loading' }
  | { kind: 'visitor' }
  | { kind: 'inReview' }
  | { kind: 'refused' }
  | { kind: 'noPlan'; trialAvailable: boolean }
  | { kind: 'open'; subscription: SubscriptionView }
  | { kind: 'closed'; subscription: SubscriptionView };

/** How the reader signs in to the apps: only proven identifiers (an unconfirmed email signs in no one). */
export type SignInWith = 'phoneOrEmail' | 'phone' | 'email' | 'account';

export function useReaderStanding(): { standing: Standing; signInWith: SignInWith } {
  const session = useSession();
  const user = session.session?.user;
  const person = session.status === 'signedIn' && user !== undefined && user.is_anonymous !== true && !session.secondStepDue;
  const userId = user?.id ?? '';
  // The account page reads the same two entries: one copy of each, keyed by this person.
  const subscription = useQuery({ ...subscriptionQuery(userId), enabled: person }, queryClient);
  const noPlan = subscription.data?.subscription === null;
  const profile = useQuery({ ...personQuery(userId), enabled: person && noPlan }, queryClient);

  const phone = Boolean(user?.phone);
  const email = Boolean(user?.email && user.email_confirmed_at);
  const signInWith: SignInWith = phone && email ? 'phoneOrEmail' : phone ? 'phone' : email ? 'email' : 'account';

  if (session.status === 'loading') return { standing: { kind: 'loading' }, signInWith };
  if (!person) return { standing: { kind: 'visitor' }, signInWith };
  // A failed read tells nothing about the reader: the page stays as general as for a visitor.
  if (subscription.data === undefined) return { standing: { kind: subscription.isError ? 'visitor' : 'loading' }, signInWith };
  const current = subscription.data.subscription;
  if (current) {
    const open = current.stage !== 'ended' && current.stage !== 'refunded';
    return { standing: { kind: open ? 'open' : 'closed', subscription: current }, signInWith };
  }
  if (profile.isPending) return { standing: { kind: 'loading' }, signInWith };
  const kyc = profile.data?.kyc_status;
  if (kyc === 'PENDING_REVIEW') return { standing: { kind: 'inReview' }, signInWith };
  if (kyc === 'REJECTED') return { standing: { kind: 'refused' }, signInWith };
  return { standing: { kind: 'noPlan', trialAvailable: subscription.data.trialAvailable }, signInWith };
}
