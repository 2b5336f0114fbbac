import { readPerson, readSubscription } from '../../platform/person-reads';
import { publicConfigLoaded } from '../../platform/public-config';
import { sessionViewOf, startSessionActor, type SessionSnapshot, type SessionView } from '../../platform/session/session';

/**
 * Whose account the page reads: a person signed in by every factor due, not a guest's anonymous
 * session (SPEC §6: nothing to show); null for anyone else, and then nothing is read.
 */
export function accountReader(view: SessionView): string | null {
  const user = view.session?.user;
  if (view.status !== 'signedIn' || view.secondStepDue || !user || user.is_anonymous === true) return null;
  return user.id;
}

/**
 * Resolves once the session is known (at once for one held in the cookie; after supabase-js has
 * spoken otherwise). Here rather than beside the chart: every page loads the chart's chunk.
 */
function sessionKnown(): Promise<SessionSnapshot> {
  const started = startSessionActor();
  const known = (snapshot: SessionSnapshot) => sessionViewOf(snapshot).status !== 'loading';
  return new Promise((resolve) => {
    if (known(started.getSnapshot())) return resolve(started.getSnapshot());
    const subscription = started.subscribe((snapshot) => {
      if (!known(snapshot)) return;
      subscription.unsubscribe();
      resolve(snapshot);
    });
  });
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
 * They are sent as soon as the session is known, without waiting for TanStack Query's chunk (the
 * largest of the page's, and the last in); the cache then takes their answers under the keys the
 * page reads (../../platform/person-queries), the same person's, so its render finds them in flight
 * or answered. The page reads again on each visit unless these reads were answered in the last
 * PREFETCH_FRESH_MS (unlessJustRead).
 */
export async function prefetchAccountReads(): Promise<void> {
  await publicConfigLoaded();
  await sessionKnown();
  // Who is signed in now, not when the session became known: the key and the token must be one person's.
  const view = sessionViewOf(startSessionActor().getSnapshot());
  const reader = accountReader(view);
  if (!reader) return;
  const subscription = readSubscription(reader);
  const person = readPerson(reader);
  // An address to confirm: its card's code comes beside the reads, so it is here when the page draws
  // (asked for only then: the many with nothing to confirm load none of it).
  if (view.session?.user.new_email) void import('../../platform/verification/EmailToConfirm').then((card) => card.loadEmailToConfirmCard()).catch(() => undefined);
  // A failed read is left to the page, which asks again (an errored query is not fresh).
  subscription.catch(() => undefined);
  person.catch(() => undefined);
  const [{ personQuery, subscriptionQuery }, { queryClient }] = await Promise.all([import('../../platform/person-queries'), import('../../platform/query-cache')]);
  void queryClient.prefetchQuery({ ...subscriptionQuery(reader), queryFn: () => subscription, staleTime: PREFETCH_FRESH_MS });
  void queryClient.prefetchQuery({ ...personQuery(reader), queryFn: () => person, staleTime: PREFETCH_FRESH_MS });
}
