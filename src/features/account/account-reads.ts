import { personQuery, subscriptionQuery } from '../../platform/person-queries';
import { queryClient } from '../../platform/query-cache';
import { publicConfigLoaded } from '../../platform/public-config';
import { currentSession, sessionKnown, type SessionView } from '../../platform/session/session';

/**
 * Whose account the page reads: a person signed in by every factor due, not a guest's anonymous
 * session (SPEC §6: nothing to show); null for anyone else, and then nothing is read.
 */
export function accountReader(view: SessionView): string | null {
  const user = view.session?.user;
  if (view.status !== 'signedIn' || view.secondStepDue || !user || user.is_anonymous === true) return null;
  return user.id;
}

/** A read this recent is left alone by a prefetch: a link hovered twice asks once. */
const PREFETCH_FRESH_MS = 10_000;

/**
 * The page's reads refetch on mount unless answered this recently: the prefetch started with its
 * code has just read them (a second request for the same answer, seen in the Lighthouse runs).
 */
export function unlessJustRead(query: { state: { dataUpdatedAt: number } }): boolean {
  return Date.now() - query.state.dataUpdatedAt > PREFETCH_FRESH_MS;
}

/**
 * The account page's two reads (the subscription, and the identity check beside it), started when
 * its code is asked for (start-up at /account, a link's hover or tap) rather than once the code has
 * arrived and rendered: the page's content waits for them, and its largest text with it (LCP).
 * The same queries the page reads (../../platform/person-queries), so its render finds them in
 * flight or answered, under the same person's key; the page still reads fresh on each visit.
 */
export async function prefetchAccountReads(): Promise<void> {
  await publicConfigLoaded();
  await sessionKnown();
  // Who is signed in now, not when the session became known: the key and the token must be one person's.
  const reader = accountReader(currentSession());
  if (!reader) return;
  void queryClient.prefetchQuery({ ...subscriptionQuery(reader), staleTime: PREFETCH_FRESH_MS });
  void queryClient.prefetchQuery({ ...personQuery(reader), staleTime: PREFETCH_FRESH_MS });
}
