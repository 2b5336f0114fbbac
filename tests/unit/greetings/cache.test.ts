import { describe, expect, it } from 'vitest';
import { ByteLruCache } from '../../../server/greetings/cache';

const entry = (size: number) => new Uint8Array(size);

describe('ByteLruCache', () => {
  it('evicts the least recently used entries once over its byte budget', () => {
    const cache = new ByteLruCache<Uint8Array>(100, (value) => value.length);
    cache.set('a', entry(40));
    cache.set('b', entry(40));
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('c', entry(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(80);
  });

  it('keeps pinned entries outside the budget and never evicts them', () => {
    const cache = new ByteLruCache<Uint8Array>(50, (value) => value.length);
    cache.set('sample', entry(500), { pin: true });
    cache.set('x', entry(30));
    cache.set('y', entry(30));
    expect(cache.get('sample')).toBeDefined();
    expect(cache.get('x')).toBeUndefined();
    expect(cache.bytes).toBe(30);
  });

  it('does not keep an entry bigger than the whole cache, and replaces entries in place', () => {
    const cache = new ByteLruCache<Uint8Array>(10, (value) => value.length);
    cache.set('huge', entry(11));
    expect(cache.get('huge')).toBeUndefined();
    cache.set('k', entry(4));
    cache.set('k', entry(6));
    expect(cache.bytes).toBe(6);
    expect(cache.size).toBe(1);
  });
});
