import { useSyncExternalStore } from 'react';
import { hasSignedInPerson } from './signed-in';

/**
 * What the page's frame (the header, the notice under it) shows of the session, published by the
 * session chart (./session) on every change: one state for the header and the page. Tiny and free
 * of the chart's code, so the header stays in the first render's chunk. Until the chart has spoken
 * (its chunk loading, supabase-js not yet asked), the cookie says whether a person is signed in.
 */
export interface Presence {
  /**
   * A person (not an anonymous visitor) is signed in, every step of theirs passed: one whose second
   * step is still due is not presented as signed in (#37.5).
   */
  person: boolean;
  /** The session this page held was ended in another tab or window of this browser. */
  endedElsewhere: boolean;
}

let published: Presence | null = null;
const listeners = new Set<() => void>();

export function publishPresence(next: Presence | null): void {
  if (published?.person === next?.person && published?.endedElsewhere === next?.endedElsewhere) return;
  published = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Whether a person is signed in, as the session chart has it (the cookie until it has spoken). */
export function usePersonSignedIn(): boolean {
  return useSyncExternalStore(subscribe, () => published?.person ?? hasSignedInPerson(), () => false);
}

/** Whether the page should say the session was ended in another tab or window. */
export function useEndedElsewhere(): boolean {
  return useSyncExternalStore(subscribe, () => published?.endedElsewhere ?? false, () => false);
}
