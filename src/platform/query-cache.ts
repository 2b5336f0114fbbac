import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { onSignedInUserChange, type SignedInUser } from './session/user-change';

/**
 * Server data in the SPA goes through TanStack Query with the freshness rules of SPEC §9: data is
 * fresh for 5 minutes unless a query asks for less (the checkout form: 1 second), nothing refetches
 * on window focus, and a failed fetch is retried 3 times with an exponential delay starting at 1 s,
 * capped at 30 s. Client errors (4xx other than 408/429) are answers, not outages: not retried.
 *
 * Each endpoint is one TanStack `queryOptions` beside its readers (./person-queries for the signed-in
 * person's, the checkout's in its feature), read with TanStack's own `useQuery(options, queryClient)`.
 * The client is handed to each query rather than put in a provider at the root, so only the pages
 * that read server data (account, checkout, success) load the library, not every first render.
 *
 * Whose data a key holds is its first element (#38.1): `['public', …]` is the same for everyone
 * (plans, the visitor's country); anything else is a person's and carries their user id,
 * `['user', <id>, …]` (`personalKey`). A page signed in as B reads B's keys, so A's answers are
 * never B's data, not even for a frame while B's own read is on its way or failing; and the cache
 * lets go of every key that is not public or the new person's the moment who is signed in
 * changes (sign-out, sign-in, another tab's: ./session/user-change).
 */

export const queryDefaults = {
  staleTimeMs: 5 * 60 * 1000,
  retries: 3,
  refetchOnWindowFocus: false,
} as const;

/** Delay before retry number `attempt` (0-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function isRetryable(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  if (error instanceof ApiError) return !(error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);
  return true;
}

/** Retry up to `retries` times, never for an answer (a 4xx other than 408/429): a query's `retry`. */
export function retryUpTo(retries: number): (failures: number, error: unknown) => boolean {
  return (failures, error) => failures < retries && isRetryable(error);
}

/** A key of data that is the same whoever reads it. */
export function publicKey<const T extends readonly unknown[]>(...rest: T): readonly ['public', ...T] {
  return ['public', ...rest];
}

/** A key of one person's data: it carries their user id, so another person never reads it. */
export function personalKey<const T extends readonly unknown[]>(userId: string, ...rest: T): readonly ['user', string, ...T] {
  return ['user', userId, ...rest];
}

/** Whether the cache may keep `key` while `signedIn` is signed in: public, or theirs. Any other shape is dropped. */
export function keptFor(key: readonly unknown[], signedIn: SignedInUser): boolean {
  if (key[0] === 'public') return true;
  return key[0] === 'user' && signedIn !== null && key[1] === signedIn;
}

/** Drops (and cancels the reads of) every query `signedIn` may not see: the previous person's, and anything unkeyed. */
export function dropOthersData(client: QueryClient, signedIn: SignedInUser): void {
  client.removeQueries({ predicate: (query) => !keptFor(query.queryKey, signedIn) });
}

/** A query client with SPEC §9's settings; tests make their own. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: queryDefaults.staleTimeMs,
        refetchOnWindowFocus: queryDefaults.refetchOnWindowFocus,
        retry: retryUpTo(queryDefaults.retries),
        retryDelay: retryDelayMs,
      },
    },
  });
}

export const queryClient = createQueryClient();

// Whoever signs out or in (here or in another tab), the person before leaves nothing behind.
onSignedInUserChange((next) => dropOthersData(queryClient, next));
