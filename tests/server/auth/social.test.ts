import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithProvider, startSocialHarness, TestBrowser, type SocialHarness } from './social-harness';

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
