import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ApiError } from './api-client';

/**
 * A small server-data cache with the freshness rules of SPEC §9: data is fresh for 5 minutes unless
 * a route asks for less (the checkout form: 1 second), nothing refetches on window focus, and a
 * failed fetch is retried 3 times with an exponential delay starting at 1 s, capped at 30 s.
 * Client errors (4xx other than 408/429) are answers, not outages: they are not retried.
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

export type QueryState<T> =
  | { status: 'pending'; data: undefined; error: undefined; fetching: boolean }
  | { status: 'success'; data: T; error: undefined; fetching: boolean }
  | { status: 'error'; data: undefined; error: unknown; fetching: boolean };

const notAskedYet: QueryState<never> = { status: 'pending', data: undefined, error: undefined, fetching: false };

interface Entry {
  state: QueryState<unknown>;
  updatedAt: number;
  inflight: Promise<void> | null;
  listeners: Set<() => void>;
}

export interface QueryCacheOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export class QueryCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: QueryCacheOptions = {}) {
    this.now = options.now ?? (() => Date.now());
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  private entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { state: { status: 'pending', data: undefined, error: undefined, fetching: false }, updatedAt: 0, inflight: null, listeners: new Set() };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private set(key: string, state: QueryState<unknown>): void {
    const entry = this.entry(key);
    entry.state = state;
    for (const listener of entry.listeners) listener();
  }

  get<T>(key: string): QueryState<T> {
    return this.entry(key).state as QueryState<T>;
  }

  subscribe(key: string, listener: () => void): () => void {
    const entry = this.entry(key);
    entry.listeners.add(listener);
    return () => entry.listeners.delete(listener);
  }

  isStale(key: string, staleTimeMs: number): boolean {
    const entry = this.entry(key);
    return entry.state.status !== 'success' || this.now() - entry.updatedAt > staleTimeMs;
  }

  /** Fetches unless a fetch is running; keeps showing old data while refreshing. */
  fetch<T>(key: string, fetcher: () => Promise<T>, retries: number = queryDefaults.retries): Promise<void> {
    const entry = this.entry(key);
    if (entry.inflight) return entry.inflight;
    this.set(key, { ...entry.state, fetching: true } as QueryState<unknown>);
    entry.inflight = (async () => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const data = await fetcher();
          entry.updatedAt = this.now();
          this.set(key, { status: 'success', data, error: undefined, fetching: false });
          return;
        } catch (error) {
          if (attempt >= retries || !isRetryable(error)) {
            const previous = entry.state;
            // A failed refresh keeps the data the page already shows.
            if (previous.status === 'success') this.set(key, { ...previous, fetching: false });
            else this.set(key, { status: 'error', data: undefined, error, fetching: false });
            return;
          }
          await this.sleep(retryDelayMs(attempt));
        }
      }
    })().finally(() => {
      entry.inflight = null;
    });
    return entry.inflight;
  }

  /** Marks the key stale so the next read fetches again (after a mutation). */
  invalidate(key: string): void {
    this.entry(key).updatedAt = 0;
  }

  setData<T>(key: string, data: T): void {
    this.entry(key).updatedAt = this.now();
    this.set(key, { status: 'success', data, error: undefined, fetching: false });
  }
}

export const queryCache = new QueryCache();

export interface UseQueryOptions {
  staleTimeMs?: number;
  enabled?: boolean;
  retries?: number;
}

/** Reads `key` from the cache, fetching when missing or stale (on mount and when the key changes). */
export function useQuery<T>(key: readonly unknown[], fetcher: () => Promise<T>, options: UseQueryOptions = {}): QueryState<T> & { refetch(): void } {
  const id = JSON.stringify(key);
  const staleTimeMs = options.staleTimeMs ?? queryDefaults.staleTimeMs;
  const enabled = options.enabled ?? true;
  const retries = options.retries ?? queryDefaults.retries;
  const state = useSyncExternalStore(
    useCallback((listener) => queryCache.subscribe(id, listener), [id]),
    () => queryCache.get<T>(id),
    // A server render (a prerendered page, and its hydration) has asked nothing yet.
    () => notAskedYet as QueryState<T>,
  );
  useEffect(() => {
    if (enabled && queryCache.isStale(id, staleTimeMs)) void queryCache.fetch(id, fetcher, retries);
    // The fetcher is identified by the key: a new closure for the same key must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, enabled, staleTimeMs, retries]);
  const refetch = useCallback(() => {
    queryCache.invalidate(id);
    void queryCache.fetch(id, fetcher, retries);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, retries]);
  return { ...state, refetch };
}
