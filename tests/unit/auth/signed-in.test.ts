import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPublicConfig } from '../../../src/platform/public-config';
import { encodeValue, type CookieJar } from '../../../src/platform/session/cookie-storage';
import { hasPersonSession, hasStoredSession, storedAuthSession } from '../../../src/platform/session/signed-in';
import { testPublicConfig } from '../../helpers/public-config';

const config = testPublicConfig();

const jarWith = (session: unknown): CookieJar => ({ read: () => `sb-app-auth-token=${encodeValue(JSON.stringify(session))}`, write: () => undefined });

describe('what the stored session says without supabase-js', () => {
  beforeAll(async () => {
    await loadPublicConfig((async () => new Response(JSON.stringify(config))) as typeof fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a person holds a session and is offered a sign-out; an anonymous session holds one but is not', () => {
    vi.stubGlobal('window', { location: { protocol: 'https:', hostname: 'app.test' } });
    const person = jarWith({ refresh_token: 'r1', user: { id: 'u1', is_anonymous: false } });
    const anonymous = jarWith({ refresh_token: 'r2', user: { id: 'u2', is_anonymous: true } });
    expect([hasStoredSession(person), hasPersonSession(person)]).toEqual([true, true]);
    expect([hasStoredSession(anonymous), hasPersonSession(anonymous)]).toEqual([true, false]);
    const none: CookieJar = { read: () => '', write: () => undefined };
    expect([hasStoredSession(none), hasPersonSession(none)]).toEqual([false, false]);
  });

  it('the whole session is read for the chart only when every part has its shape: anything else in the cookie is no session', () => {
    vi.stubGlobal('window', { location: { protocol: 'https:', hostname: 'app.test' } });
    const good = { access_token: 'a.b.c', refresh_token: 'r1', expires_at: 1_800_000_000, expires_in: 3600, user: { id: 'u1', email: 'ada@acme.test', factors: [{ status: 'verified' }, null, { status: 3 }] } };
    expect(storedAuthSession(jarWith(good))).toEqual({ ...good, user: { id: 'u1', email: 'ada@acme.test', is_anonymous: false, factors: [{ status: 'verified' }] } });
    const broken: unknown[] = [
      null,
      'a string',
      [],
      { ...good, access_token: 'not-a-jwt' },
      { ...good, refresh_token: '' },
      { ...good, expires_at: '1800000000' },
      { ...good, expires_at: Number.POSITIVE_INFINITY },
      { ...good, expires_in: null },
      { ...good, user: null },
      { ...good, user: { id: '' } },
      { ...good, user: { id: 42 } },
    ];
    for (const value of broken) expect(storedAuthSession(jarWith(value))).toBeNull();
    const notJson: CookieJar = { read: () => `sb-app-auth-token=${encodeValue('{"access_token":')}`, write: () => undefined };
    expect(storedAuthSession(notJson)).toBeNull();
  });

  it('decodes the cookie once for the asks of one start-up, and again as soon as it changes', () => {
    vi.stubGlobal('window', { location: { protocol: 'https:', hostname: 'app.test' } });
    const realAtob = globalThis.atob;
    const decode = vi.fn((text: string) => realAtob(text));
    vi.stubGlobal('atob', decode);
    const person = { access_token: 'a.b.c', refresh_token: 'r1', expires_at: 1_800_000_000, expires_in: 3600, user: { id: 'u1', is_anonymous: false } };
    let cookie = `sb-app-auth-token=${encodeValue(JSON.stringify(person))}`;
    const jar: CookieJar = { read: () => cookie, write: () => undefined };
    expect([hasStoredSession(jar), hasPersonSession(jar), storedAuthSession(jar)?.user.id]).toEqual([true, true, 'u1']);
    expect(decode).toHaveBeenCalledTimes(1);
    // Another tab signed in someone else: the next ask reads them, not the first person.
    cookie = `sb-app-auth-token=${encodeValue(JSON.stringify({ ...person, user: { id: 'u2', is_anonymous: true } }))}`;
    expect([hasStoredSession(jar), hasPersonSession(jar), storedAuthSession(jar)?.user.id]).toEqual([true, false, 'u2']);
    expect(decode).toHaveBeenCalledTimes(2);
    cookie = '';
    expect([hasStoredSession(jar), storedAuthSession(jar)]).toEqual([false, null]);
  });
});
