import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithProvider, startSocialHarness, TestBrowser, type SocialHarness } from './social-harness';

/** Manual linking (SECURITY_MANUAL_LINKING_ENABLED): linkIdentity and unlinkIdentity on GoTrue's wire. */
let harness: SocialHarness;

interface WireUser {
  id: string;
  email: string;
  is_anonymous: boolean;
  identities: { identity_id: string; provider: string }[];
}

const sessionOf = (back: URL) => new URLSearchParams(back.hash.slice(1)).get('access_token')!;
const getUser = async (token: string) => (await (await fetch(`${harness.url}/auth/v1/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as WireUser;
const unlink = (token: string, id: string) => fetch(`${harness.url}/auth/v1/user/identities/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' } });

/** linkIdentity as supabase-js makes it (GET …/authorize with skip_http_redirect, then the URL), in one browser. */
async function link(browser: TestBrowser, token: string, provider: string, account: string): Promise<URL> {
  const query = new URLSearchParams({ provider, redirect_to: `${harness.url}/en/account`, skip_http_redirect: 'true' });
  const asked = await browser.request(`${harness.url}/auth/v1/user/identities/authorize?${query}`, { headers: { authorization: `Bearer ${token}` } });
  expect(asked.status).toBe(200);
  const { url } = (await asked.json()) as { url: string };
  const atAccount = (next: URL) => next.pathname === '/en/account';
  const atLogin = await browser.follow(url, atAccount);
  // The provider may remember this browser's login and come straight back.
  if (atAccount(atLogin.url)) return atLogin.url;
  const back = await browser.follow(`${atLogin.url.origin}${atLogin.url.pathname}/login`, (next) => next.pathname === '/en/account', { form: { account } });
  return back.url;
}

beforeAll(async () => {
  harness = await startSocialHarness({
    env: { SECURITY_MANUAL_LINKING_ENABLED: 'true' },
    accounts: [
      { id: 'ada', email: 'ada@example.com', emailVerified: true, name: 'Ada' },
      { id: 'ada-work', email: 'ada@work.example', emailVerified: true, name: 'Ada at work' },
      { id: 'bob', email: 'bob@example.com', emailVerified: true, name: 'Bob' },
    ],
  });
});
afterAll(async () => harness?.close());

describe('linkIdentity / unlinkIdentity', () => {
  it('links a second provider, refuses it twice, unlinks down to the last way in', async () => {
    const browser = new TestBrowser();
    const token = sessionOf(await signInWithProvider(harness, browser, { account: 'ada' }));
    const linked = await link(browser, token, 'custom:other', 'ada-work');
    expect(linked.searchParams.get('error')).toBeNull();
    let user = await getUser(token);
    expect(user.identities.map((identity) => identity.provider)).toEqual(['email', 'custom:test', 'custom:other']);

    const twice = await link(browser, token, 'custom:other', 'ada-work');
    expect(twice.searchParams.get('error_code')).toBe('identity_already_exists');

    const notMine = await unlink(token, '00000000-0000-4000-8000-000000000000');
    expect(notMine.status).toBe(422);
    expect(((await notMine.json()) as { code: string }).code).toBe('identity_not_found');

    for (const provider of ['custom:other', 'email']) {
      const identity = user.identities.find((entry) => entry.provider === provider)!;
      const removed = await unlink(token, identity.identity_id);
      expect(removed.status, provider).toBe(200);
      expect(await removed.json()).toEqual({});
      user = await getUser(token);
    }
    expect(user.identities.map((identity) => identity.provider)).toEqual(['custom:test']);
    expect(user.email).toBe('');
    const last = await unlink(token, user.identities[0]!.identity_id);
    expect(last.status).toBe(422);
    expect(((await last.json()) as { code: string }).code).toBe('single_identity_not_deletable');
  });

  it("a provider account whose verified email is another account's: email_exists", async () => {
    const browser = new TestBrowser();
    await signInWithProvider(harness, new TestBrowser(), { account: 'bob' });
    const token = sessionOf(await signInWithProvider(harness, browser, { provider: 'custom:other', account: 'ada' }));
    // custom:other's 'ada' is a new provider account whose email (ada@example.com) custom:test's ada already proved: it joined that account.
    const joined = await getUser(token);
    expect(joined.identities.map((identity) => identity.provider)).toContain('custom:other');
    // custom:other's bob is linked nowhere yet; his verified email is the account bob opened with custom:test.
    const clash = await link(new TestBrowser(), token, 'custom:other', 'bob');
    expect(clash.searchParams.get('error_code')).toBe('email_exists');
  });

  it('an anonymous user who links becomes permanent', async () => {
    const anonymous = await fetch(`${harness.url}/auth/v1/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: {} }) });
    expect(anonymous.status).toBe(200);
    const { access_token: token } = (await anonymous.json()) as { access_token: string };
    expect((await getUser(token)).is_anonymous).toBe(true);
    const browser = new TestBrowser();
    await harness.app.db.deleteFrom('auth_identities').where('provider', '=', 'custom:other').where('provider_id', '=', 'ada-work').execute();
    const back = await link(browser, token, 'custom:other', 'ada-work');
    expect(back.searchParams.get('error')).toBeNull();
    const user = await getUser(token);
    expect(user.is_anonymous).toBe(false);
    expect(user.email).toBe('ada@work.example');
  });
});
