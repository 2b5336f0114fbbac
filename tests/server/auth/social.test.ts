import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';
import { freePort, signInWithProvider, startSocialHarness, TestBrowser, type SocialHarness } from './social-harness';

function memoryStorage() {
  const store = new Map<string, string>();
  return { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value), removeItem: (key: string) => void store.delete(key) };
}

class NoRealtimeSocket {
  constructor() {
    throw new Error('realtime is not used by this product');
  }
}

let harness: SocialHarness;
const client = (flowType: 'implicit' | 'pkce') =>
  createClient(harness.url, harness.app.publicSettings.authPublishableKey ?? '', {
    auth: { storage: memoryStorage(), autoRefreshToken: false, persistSession: true, detectSessionInUrl: false, flowType },
    realtime: { transport: NoRealtimeSocket as never },
  });

beforeAll(async () => {
  harness = await startSocialHarness();
});
afterAll(async () => harness?.close());

describe('social sign-in against a real OpenID provider (#35)', () => {
  it('lists the configured providers in /settings', async () => {
    const settings = (await (await fetch(`${harness.url}/auth/v1/settings`)).json()) as { external: Record<string, boolean> };
    expect(settings.external['custom:test']).toBe(true);
    expect(settings.external['custom:other']).toBe(true);
    expect(settings.external.google).toBe(false);
  });

  it('PKCE: supabase-js signInWithOAuth → provider → ?code= → exchangeCodeForSession, name and email from the claims', async () => {
    const supabase = client('pkce');
    const { data, error } = await supabase.auth.signInWithOAuth({ provider: 'custom:test' as never, options: { redirectTo: `${harness.url}/en/start`, skipBrowserRedirect: true } });
    expect(error).toBeNull();
    const browser = new TestBrowser();
    const atLogin = await browser.follow(data.url!, () => false);
    const isCallback = (url: URL) => url.pathname === '/auth/v1/callback';
    const toCallback = await browser.follow(`${atLogin.url.origin}${atLogin.url.pathname}/login`, isCallback, { form: { account: 'ada' } });
    const back = await browser.follow(toCallback.url.href, (url) => !isCallback(url));
    expect(back.url.pathname).toBe('/en/start');
    const code = back.url.searchParams.get('code');
    expect(code).toBeTruthy();
    const exchanged = await supabase.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    const user = exchanged.data.user!;
    expect(user.email).toBe('ada.verified@example.com');
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.user_metadata).toMatchObject({ full_name: 'Ada Lovelace', name: 'Ada Lovelace', email: 'ada.verified@example.com', email_verified: true });
    expect(user.identities?.map((identity) => identity.provider).sort()).toEqual(['custom:test', 'email']);
    expect(exchanged.data.session?.provider_token).toBeTruthy();
    // Single use: the same code again is unknown.
    const again = await fetch(`${harness.url}/auth/v1/token?grant_type=pkce`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }) });
    expect(again.status).toBe(404);
  });

  it('implicit: the session in the fragment, read by supabase-js', async () => {
    const browser = new TestBrowser();
    const back = await signInWithProvider(harness, browser, { account: 'ada' });
    expect(back.search).toBe('');
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('access_token')).toBeTruthy();
    expect(fragment.get('refresh_token')).toBeTruthy();
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(0);
    expect(fragment.get('provider_token')).toBeTruthy();
    const supabase = client('implicit');
    const { data } = await supabase.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(data.user?.email).toBe('ada.verified@example.com');
  });
});

describe('manual linking off (the default)', () => {
  it('GET /user/identities/authorize and DELETE /user/identities/{id} answer 404 manual_linking_disabled', async () => {
    const browser = new TestBrowser();
    const back = await signInWithProvider(harness, browser, { account: 'grace' });
    const token = new URLSearchParams(back.hash.slice(1)).get('access_token')!;
    const headers = { authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' };
    const asked = await fetch(`${harness.url}/auth/v1/user/identities/authorize?provider=custom:other&skip_http_redirect=true`, { headers });
    expect(asked.status).toBe(404);
    expect(((await asked.json()) as { code: string }).code).toBe('manual_linking_disabled');
    const removed = await fetch(`${harness.url}/auth/v1/user/identities/00000000-0000-4000-8000-000000000000`, { method: 'DELETE', headers });
    expect(removed.status).toBe(404);
  });

  it("an unverified provider email is kept in user_metadata (prefill) but is not the account's email", async () => {
    const back = await signInWithProvider(harness, new TestBrowser(), { account: 'grace' });
    const token = new URLSearchParams(back.hash.slice(1)).get('access_token')!;
    const user = (await (await fetch(`${harness.url}/auth/v1/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { email: string; user_metadata: Record<string, unknown>; app_metadata: Record<string, unknown> };
    expect(user.email).toBe('');
    expect(user.user_metadata).toMatchObject({ email: 'grace.unverified@example.com', email_verified: false, full_name: 'Grace Hopper' });
    expect(user.app_metadata).toMatchObject({ provider: 'custom:test', providers: ['custom:test'] });
  });
});

describe('the dev identity provider (DEV_IDENTITY_PROVIDER)', () => {
  it('runs as custom:ringwise-dev with its test accounts', async () => {
    const port = await freePort();
    const app = await buildTestApp({ env: { DEV_IDENTITY_PROVIDER: 'true', PORT: String(port) } as never });
    try {
      await app.listen({ port, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${port}`;
      const settings = (await (await fetch(`${url}/auth/v1/settings`)).json()) as { external: Record<string, boolean> };
      expect(settings.external['custom:ringwise-dev']).toBe(true);
      const browser = new TestBrowser();
      const query = new URLSearchParams({ provider: 'custom:ringwise-dev', redirect_to: `${url}/en/start` });
      const atLogin = await browser.follow(`${url}/auth/v1/authorize?${query}`, () => false);
      const page = await atLogin.response!.text();
      expect(page).toContain('data-testid="dev-idp-account-ada"');
      expect(page).toContain('data-testid="dev-idp-account-grace"');
      const back = await browser.follow(`${atLogin.url.origin}${atLogin.url.pathname}/login`, (next) => next.pathname === '/en/start', { form: { email: 'someone@example.com', verified: 'on', name: 'Some One' } });
      const token = new URLSearchParams(back.url.hash.slice(1)).get('access_token')!;
      const user = (await (await fetch(`${url}/auth/v1/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { email: string };
      expect(user.email).toBe('someone@example.com');
    } finally {
      await app.close();
    }
  });
});
