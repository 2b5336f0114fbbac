import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isSecondStepDue } from '../../../core/assurance';
import { loadPublicConfig } from '../../../src/platform/public-config';
import { encodeValue, type CookieJar } from '../../../src/platform/session/cookie-storage';
import { hasPersonSession, hasSignedInPerson } from '../../../src/platform/session/signed-in';
import { testPublicConfig } from '../../helpers/public-config';

const jarWith = (session: unknown): CookieJar => ({ read: () => `sb-app-auth-token=${encodeValue(JSON.stringify(session))}`, write: () => undefined });
/** An unsigned token with the given assurance level (the browser reads claims, the server checks signatures). */
const tokenAt = (aal: 'aal1' | 'aal2') => `h.${Buffer.from(JSON.stringify({ sub: 'u1', aal })).toString('base64url')}.s`;
const session = (aal: 'aal1' | 'aal2', factors: Array<{ status: string }>) => ({
  access_token: tokenAt(aal),
  refresh_token: 'r1',
  expires_at: 1_800_000_000,
  expires_in: 3600,
  user: { id: 'u1', is_anonymous: false, factors },
});

/**
 * #37.5: a person with two-step on, signed in by the first factor only (a repeat sign-up, a sign-in
 * before its second step), is not presented as signed in: the header's cookie reading (before the
 * session chart speaks) and the chart's secondStepDue follow one rule, core/assurance.ts.
 */
describe('the second step is due: not signed in yet for the page', () => {
  beforeAll(async () => {
    await loadPublicConfig((async () => new Response(JSON.stringify(testPublicConfig()))) as typeof fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is due with a verified factor and an aal1 token, not with aal2 or without a verified factor', () => {
    expect(isSecondStepDue(session('aal1', [{ status: 'verified' }]))).toBe(true);
    expect(isSecondStepDue(session('aal2', [{ status: 'verified' }]))).toBe(false);
    expect(isSecondStepDue(session('aal1', [{ status: 'unverified' }]))).toBe(false);
    expect(isSecondStepDue(session('aal1', []))).toBe(false);
  });

  it('the cookie of a person whose second step is due holds a person, not a signed-in one', () => {
    vi.stubGlobal('window', { location: { protocol: 'https:', hostname: 'app.test' } });
    const due = jarWith(session('aal1', [{ status: 'verified' }]));
    expect([hasPersonSession(due), hasSignedInPerson(due)]).toEqual([true, false]);
    const passed = jarWith(session('aal2', [{ status: 'verified' }]));
    expect(hasSignedInPerson(passed)).toBe(true);
    const oneStep = jarWith(session('aal1', []));
    expect(hasSignedInPerson(oneStep)).toBe(true);
    const anonymous = jarWith({ ...session('aal1', []), user: { id: 'u2', is_anonymous: true } });
    expect(hasSignedInPerson(anonymous)).toBe(false);
  });
});
