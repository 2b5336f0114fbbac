import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/app/api-client';
import { QueryCache, queryDefaults, retryDelayMs } from '../../../src/app/query-cache';

describe('query cache (SPEC §9 freshness)', () => {
  it('retries 3 times with 1 s, 2 s, 4 s delays, capped at 30 s', async () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const sleeps: number[] = [];
    const cache = new QueryCache({ sleep: async (ms) => void sleeps.push(ms) });
    const fetcher = vi.fn(async () => {
      throw new ApiError(503, 'UNAVAILABLE', 'down');
    });
    await cache.fetch('k', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1 + queryDefaults.retries);
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(cache.get('k')).toMatchObject({ status: 'error' });
  });

  it('does not retry client errors', async () => {
    const cache = new QueryCache({ sleep: async () => {} });
    const fetcher = vi.fn(async () => {
      throw new ApiError(400, 'UNSUPPORTED_CURRENCY', 'no');
    });
    await cache.fetch('k', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('recovers on a retry and is fresh for the stale time', async () => {
    let now = 0;
    const cache = new QueryCache({ now: () => now, sleep: async () => {} });
    let calls = 0;
    await cache.fetch('k', async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return 'data';
    });
    expect(cache.get('k')).toMatchObject({ status: 'success', data: 'data' });
    now = 1000;
    expect(cache.isStale('k', 1000)).toBe(false);
    now = 1001;
    expect(cache.isStale('k', 1000)).toBe(true);
    expect(cache.isStale('k', queryDefaults.staleTimeMs)).toBe(false);
    expect(queryDefaults.staleTimeMs).toBe(300_000);
    expect(queryDefaults.refetchOnWindowFocus).toBe(false);
  });

  it('shares one request between concurrent readers', async () => {
    const cache = new QueryCache();
    const fetcher = vi.fn(async () => 'once');
    await Promise.all([cache.fetch('k', fetcher), cache.fetch('k', fetcher)]);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
