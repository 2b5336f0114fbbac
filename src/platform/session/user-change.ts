import { useSyncExternalStore } from 'react';

/**
 * Who is signed in on this page, as a bare user id, for the holders of a person's data that outlive
 * a page (the query cache, the funnel): they drop what they hold the moment it changes. Published by
 * the session chart (./session) on every change, whatever caused it: this page's sign-out or
 * sign-in, another tab's (./tabs-follow), a session that could not be renewed. Tiny and free of the
 * chart, so a holder registers without loading or starting it.
 *
 * `null` is nobody signed in. Until the chart has first spoken the page knows nobody, so the first
 * answer is no change: nothing can be held yet for anyone else.
 */
export type SignedInUser = string | null;

let current: SignedInUser | undefined;
const listeners = new Set<(next: SignedInUser, previous: SignedInUser) => void>();
/** React's readers (useSignedInUser), told of the first answer too. */
const readers = new Set<() => void>();

/** The session chart's one hook: called with every snapshot's user (undefined while it is loading). */
export function publishSignedInUser(next: SignedInUser | undefined): void {
  if (next === undefined || next === current) return;
  const previous = current;
  current = next;
  if (previous !== undefined) for (const listener of [...listeners]) listener(next, previous);
  for (const reader of [...readers]) reader();
}

/** The user id the page last knew signed in (null: nobody; undefined: not known yet). */
export function signedInUser(): SignedInUser | undefined {
  return current;
}

/** Calls `listener` on every change of the signed-in user after the first answer; returns the unsubscribe. */
export function onSignedInUserChange(listener: (next: SignedInUser, previous: SignedInUser) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The signed-in user id for a component (undefined until the session chart has spoken, and in a
 * server render): for pages that key a person's data without loading the session chart.
 */
export function useSignedInUser(): SignedInUser | undefined {
  return useSyncExternalStore(
    (reader) => {
      readers.add(reader);
      return () => void readers.delete(reader);
    },
    signedInUser,
    () => undefined,
  );
}
