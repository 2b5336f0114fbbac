import { describe, expect, it } from 'vitest';
import { lazyChunk } from '../../../core/lazy-chunk';

describe('lazyChunk: a chunk downloaded once, a failed download forgotten', () => {
  it('shares one download between callers and answers synchronously once it is here', async () => {
    let downloads = 0;
    const chunk = lazyChunk(async () => {
      downloads += 1;
      return { answer: 42 };
    });
    expect(chunk.loaded()).toBeUndefined();
    const [first, second] = await Promise.all([chunk.load(), chunk.load()]);
    expect(first).toBe(second);
    expect(chunk.loaded()).toBe(first);
    await chunk.load();
    expect(downloads).toBe(1);
  });

  it('tries again after a failed download, and keeps nothing of the failure', async () => {
    let downloads = 0;
    const chunk = lazyChunk(async () => {
      downloads += 1;
      if (downloads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { answer: 42 };
    });
    await expect(chunk.load()).rejects.toThrow('Failed to fetch');
    expect(chunk.loaded()).toBeUndefined();
    await expect(chunk.load()).resolves.toEqual({ answer: 42 });
    expect(downloads).toBe(2);
  });
});
