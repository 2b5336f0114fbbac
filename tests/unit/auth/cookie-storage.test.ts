import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE, cookieShouldBeSecure, createCookieStorage, decodeValue, encodeValue, type CookieJar } from '../../../src/platform/session/cookie-storage';

/** document.cookie semantics: writing `name=value; attrs` sets it, Max-Age=0 deletes it. */
function fakeJar() {
  const cookies = new Map<string, { value: string; attributes: string }>();
  const writes: string[] = [];
  const jar: CookieJar = {
    read: () => [...cookies].map(([name, cookie]) => `${name}=${cookie.value}`).join('; '),
    write: (cookie) => {
      writes.push(cookie);
      const [pair = '', ...attributes] = cookie.split('; ');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      if (attributes.includes('Max-Age=0')) cookies.delete(name);
      else cookies.set(name, { value: pair.slice(eq + 1), attributes: attributes.join('; ') });
    },
  };
  return { jar, cookies, writes };
}

describe('chunked session cookie storage', () => {
  it('round-trips a small value in one cookie, base64-prefixed, with the attributes', () => {
    const { jar, cookies } = fakeJar();
    const storage = createCookieStorage({ jar, secure: true, domain: '.example.com' });
    storage.setItem('sb-x-auth-token', JSON.stringify({ a: 'é€' }));
    expect([...cookies.keys()]).toEqual(['sb-x-auth-token']);
    expect(cookies.get('sb-x-auth-token')?.value.startsWith('base64-')).toBe(true);
    expect(cookies.get('sb-x-auth-token')?.attributes).toBe('Path=/; Max-Age=7776000; SameSite=Strict; Domain=.example.com; Secure');
    expect(storage.getItem('sb-x-auth-token')).toBe(JSON.stringify({ a: 'é€' }));
  });

  it('splits a large value into 3500-character chunks and reassembles it; a shorter value removes stale chunks', () => {
    const { jar, cookies } = fakeJar();
    const storage = createCookieStorage({ jar, secure: false });
    const big = JSON.stringify({ token: 'x'.repeat(8000) });
    storage.setItem('k', big);
    expect([...cookies.keys()]).toEqual(['k.0', 'k.1', 'k.2', 'k.3']);
    for (const cookie of cookies.values()) expect(cookie.value.length).toBeLessThanOrEqual(CHUNK_SIZE);
    expect(cookies.get('k.0')?.attributes).not.toContain('Secure');
    expect(storage.getItem('k')).toBe(big);
    storage.setItem('k', 'small');
    expect([...cookies.keys()]).toEqual(['k']);
    expect(storage.getItem('k')).toBe('small');
    storage.setItem('k', big);
    expect([...cookies.keys()].sort()).toEqual(['k.0', 'k.1', 'k.2', 'k.3']);
  });

  it('removes every chunk', () => {
    const { jar, cookies } = fakeJar();
    const storage = createCookieStorage({ jar, secure: true });
    storage.setItem('k', 'y'.repeat(10_000));
    storage.setItem('other', 'kept');
    storage.removeItem('k');
    expect([...cookies.keys()]).toEqual(['other']);
  });

  it('a chunk set that no longer decodes is removed, not thrown', () => {
    const { jar, cookies } = fakeJar();
    const storage = createCookieStorage({ jar, secure: true });
    storage.setItem('k', 'z'.repeat(9000));
    cookies.delete('k.1');
    cookies.set('k.1', { value: '%%%not-base64', attributes: '' });
    expect(storage.getItem('k')).toBeNull();
    expect([...cookies.keys()]).toEqual([]);
    // Chunks without a .0, or a value without the prefix, are cleared too.
    cookies.set('k.1', { value: 'abc', attributes: '' });
    expect(storage.getItem('k')).toBeNull();
    expect(cookies.size).toBe(0);
    storage.setItem('k', 'z'.repeat(9000));
    cookies.delete('k.1');
    expect(storage.getItem('k')).toBeNull();
    expect(cookies.size).toBe(0);
    cookies.set('k', { value: 'plain', attributes: '' });
    expect(storage.getItem('k')).toBeNull();
    expect(cookies.size).toBe(0);
  });

  it('encodes UTF-8 safely and rejects foreign values', () => {
    expect(decodeValue(encodeValue('ça 🚀'))).toBe('ça 🚀');
    expect(decodeValue('base64-//')).toBeNull();
    expect(decodeValue('nope')).toBeNull();
  });

  it('is Secure everywhere except plain-http loopback hosts', () => {
    expect(cookieShouldBeSecure({ protocol: 'http:', hostname: 'localhost' })).toBe(false);
    expect(cookieShouldBeSecure({ protocol: 'http:', hostname: '127.0.0.1' })).toBe(false);
    expect(cookieShouldBeSecure({ protocol: 'https:', hostname: 'localhost' })).toBe(true);
    expect(cookieShouldBeSecure({ protocol: 'http:', hostname: 'app.example.com' })).toBe(true);
    expect(cookieShouldBeSecure({ protocol: 'https:', hostname: 'app.example.com' })).toBe(true);
  });
});
