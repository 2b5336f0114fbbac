import { QueryClient, useQuery as useTanstackQuery } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Server data in the SPA goes through TanStack Query with the freshness rules of SPEC §9: data is
 * fresh for 5 minutes unless a route asks for less (the checkout form: 1 second), nothing refetches
 * on window focus, and a failed fetch is retried 3 times with an exponential delay starting at 1 s,
 * capped at 30 s. Client errors (4xx other than 408/429) are answers, not outages: not retried.
 *
 * The client is handed to each query rather than put in a provider at the root, so only the pages
 * that read server data (account, checkout, success) load the library, not every first render.
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

/** Retry up to `retries` times, never for an answer (a 4xx other than 408/429). */
function retryUpTo(retries: number): (failures: number, error: unknown) => boolean {
  return (failures, error) => failures < retries && isRetryable(error);
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

export type QueryState<T> =
  | { status: 'pending'; data: undefined; error: undefined; fetching: boolean }
  | { status: 'success'; data: T; error: undefined; fetching: boolean }
  | { status: 'error'; data: undefined; error: unknown; fetching: boolean };

export interface UseQueryOptions {
  staleTimeMs?: number;
  enabled?: boolean;
  retries?: number;
}

/**
 * Reads `key`, fetching when missing or stale. The pages see three states; a failed refresh keeps
 * the data the page already shows (TanStack keeps `data` and reports the error beside it).
 */
export function useQuery<T>(key: readonly unknown[], fetcher: () => Promise<T>, options: UseQueryOptions = {}): QueryState<T> & { refetch(): void } {
  const query = useTanstackQuery(
    {
      queryKey: key,
      queryFn: fetcher,
      staleTime: options.staleTimeMs ?? queryDefaults.staleTimeMs,
      enabled: options.enabled ?? true,
      retry: retryUpTo(options.retries ?? queryDefaults.retries),
    },
    queryClient,
  );
  const refetch = () => void query.refetch();
  const fetching = query.isFetching;
  if (query.data !== undefined) return { status: 'success', data: query.data, error: undefined, fetching, refetch };
  if (query.status === 'error') return { status: 'error', data: undefined, error: query.error, fetching, refetch };
  return { status: 'pending', data: undefined, error: undefined, fetching, refetch };
}

/** Puts a mutation's answer in place of what `key` holds (no refetch). */
export function setQueryData<T>(key: readonly unknown[], data: T): void {
  queryClient.setQueryData(key, data);
}
