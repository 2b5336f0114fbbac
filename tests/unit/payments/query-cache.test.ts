import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/platform/api-client';
import { createQueryClient, isRetryable, queryDefaults, retryDelayMs } from '../../../src/platform/query-cache';

/** The SPA's TanStack Query client keeps SPEC §9's freshness and retry rules. */
describe('query client (SPEC §9 freshness)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries 3 times with 1 s, 2 s, 4 s delays, capped at 30 s', async () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const client = createQueryClient();
    const calledAt: number[] = [];
    const fetcher = vi.fn(async () => {
      calledAt.push(Date.now());
      throw new ApiError(503, 'UNAVAILABLE', 'down');
    });
    const started = Date.now();
    const done = client.fetchQuery({ queryKey: ['k'], queryFn: fetcher, retry: client.getDefaultOptions().queries?.retry }).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await done).toBeInstanceOf(ApiError);
    expect(fetcher).toHaveBeenCalledTimes(1 + queryDefaults.retries);
    expect(calledAt.map((at) => at - started)).toEqual([0, 1000, 3000, 7000]);
  });

  it('does not retry client errors, but does retry 408 and 429', async () => {
    const client = createQueryClient();
    const fetcher = vi.fn(async () => {
      throw new ApiError(400, 'UNSUPPORTED_CURRENCY', 'no');
    });
    const done = client.fetchQuery({ queryKey: ['k'], queryFn: fetcher, retry: client.getDefaultOptions().queries?.retry }).catch(() => null);
    await vi.runAllTimersAsync();
    await done;
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(isRetryable(new ApiError(408, 'TIMEOUT', ''))).toBe(true);
    expect(isRetryable(new ApiError(429, 'RATE_LIMITED', ''))).toBe(true);
    expect(isRetryable(new DOMException('stopped', 'AbortError'))).toBe(false);
  });

  it('is fresh for 5 minutes and does not refetch on window focus', async () => {
    const client = createQueryClient();
    const defaults = client.getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(300_000);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    const fetcher = vi.fn(async () => 'data');
    await client.fetchQuery({ queryKey: ['k'], queryFn: fetcher });
    vi.advanceTimersByTime(299_000);
    await client.fetchQuery({ queryKey: ['k'], queryFn: fetcher });
    expect(fetcher).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_000);
    await client.fetchQuery({ queryKey: ['k'], queryFn: fetcher });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('shares one request between concurrent readers', async () => {
    const client = createQueryClient();
    const fetcher = vi.fn(async () => 'once');
    await Promise.all([client.fetchQuery({ queryKey: ['k'], queryFn: fetcher }), client.fetchQuery({ queryKey: ['k'], queryFn: fetcher })]);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
