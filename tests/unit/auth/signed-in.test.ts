import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPublicConfig } from '../../../src/app/public-config';
import { encodeValue, type CookieJar } from '../../../src/features/auth/cookie-storage';
import { hasPersonSession, hasStoredSession } from '../../../src/features/auth/signed-in';
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
});
