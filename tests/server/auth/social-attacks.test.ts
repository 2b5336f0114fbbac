import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithProvider, startSocialHarness, TestBrowser, type SocialHarness } from './social-harness';

/** The attacks of #35.6, each against the real provider and the real callback. */
let harness: SocialHarness;

const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
/** GoTrue's legacy error body (a browser sends no API version): `{ code: <status>, error_code, msg }`. */
const json = async (response: Response) => {
  const body = (await response.json()) as { code?: number; error_code?: string; msg?: string };
  return { code: body.error_code, msg: body.msg, status: body.code };
};
const exchange = (code: string, verifier: string) =>
  fetch(`${harness.url}/auth/v1/token?grant_type=pkce`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ auth_code: code, code_verifier: verifier }) });

beforeAll(async () => {
  harness = await startSocialHarness({
    accounts: [
      { id: 'victim', email: 'victim@example.com', emailVerified: true, name: 'Victor Im' },
      // The attacker's provider account carries the victim's email, unverified.
      { id: 'mallory', email: 'victim@example.com', emailVerified: false, name: 'Mallory' },
      { id: 'ada', email: 'ada.verified@example.com', emailVerified: true, name: 'Ada Lovelace' },
      { id: 'fresh', email: 'fresh@example.com', emailVerified: true, name: 'Fresh Person' },
      { id: 'takeover', email: 'takeover@example.com', emailVerified: true, name: 'Real Owner' },
    ],
  });
});
afterAll(async () => harness?.close());

describe('GET /authorize refusals', () => {
  it('an unknown provider, a half PKCE pair', async () => {
    const unknown = await fetch(`${harness.url}/auth/v1/authorize?provider=github`, { redirect: 'manual' });
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toMatchObject({ code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' });
    const half = await fetch(`${harness.url}/auth/v1/authorize?provider=custom:test&code_challenge=${'a'.repeat(43)}`, { redirect: 'manual' });
    expect(half.status).toBe(400);
    expect((await json(half)).code).toBe('validation_failed');
  });
});

describe('the callback and its state', () => {
  it('no state: 400 bad_oauth_callback; an unknown one: 400 bad_oauth_state', async () => {
    const missing = await fetch(`${harness.url}/auth/v1/callback?code=abc`, { redirect: 'manual' });
    expect(missing.status).toBe(400);
    expect((await json(missing)).code).toBe('bad_oauth_callback');
    const unknown = await fetch(`${harness.url}/auth/v1/callback?code=abc&state=${randomUUID()}`, { redirect: 'manual' });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).code).toBe('bad_oauth_state');
  });

  it('a callback replayed (state and code again) is refused: flow_state_already_used', async () => {
    const browser = new TestBrowser();
    const callback = await signInWithProvider(harness, browser, { account: 'ada', stopAtCallback: true });
    const first = await browser.request(callback.href);
    expect(first.status).toBe(302);
    expect(new URL(first.headers.get('location')!).hash).toContain('access_token=');
    const replay = await browser.request(callback.href);
    expect(replay.status).toBe(400);
    expect((await json(replay)).code).toBe('flow_state_already_used');
  });

  it('one callback sent 12 times at once gives one session', async () => {
    const browser = new TestBrowser();
    const callback = await signInWithProvider(harness, browser, { account: 'ada', stopAtCallback: true });
    const answers = await Promise.all(Array.from({ length: 12 }, () => browser.request(callback.href)));
    const sessions = answers.filter((answer) => answer.headers.get('location')?.includes('access_token='));
    expect(sessions).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(11);
  });

  it('a HEAD of the callback (a link checker) neither answers nor spends the state', async () => {
    const browser = new TestBrowser();
    const callback = await signInWithProvider(harness, browser, { account: 'ada', stopAtCallback: true });
    const head = await browser.request(callback.href, { method: 'HEAD' });
    expect(head.status).toBe(404);
    const real = await browser.request(callback.href);
    expect(real.headers.get('location')).toContain('access_token=');
  });

  it('a callback carried to another browser (login CSRF) is refused there and still works in its own', async () => {
    const attacker = new TestBrowser();
    const callback = await signInWithProvider(harness, attacker, { account: 'ada', stopAtCallback: true });
    const victim = new TestBrowser();
    const lured = await victim.request(callback.href);
    expect(lured.status).toBe(400);
    expect((await json(lured)).code).toBe('bad_oauth_state');
    const own = await attacker.request(callback.href);
    expect(own.status).toBe(302);
  });

  it('a state older than 300 s is refused', async () => {
    const browser = new TestBrowser();
    const callback = await signInWithProvider(harness, browser, { account: 'ada', stopAtCallback: true });
    harness.clock.advance(301_000);
    const late = await browser.request(callback.href);
    expect(late.status).toBe(400);
    expect((await json(late)).code).toBe('bad_oauth_state');
  });

  it('a code swapped between providers is refused (exchanged at the wrong provider)', async () => {
    const browser = new TestBrowser();
    const ours = await signInWithProvider(harness, browser, { account: 'ada', stopAtCallback: true });
    const theirs = await signInWithProvider(harness, browser, { provider: 'custom:other', account: 'ada', stopAtCallback: true });
    const swapped = new URL(ours.href);
    swapped.searchParams.set('code', theirs.searchParams.get('code')!);
    swapped.searchParams.set('iss', theirs.searchParams.get('iss') ?? '');
    const response = await browser.request(swapped.href);
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location')!);
    expect(back.searchParams.get('error_code')).toBe('bad_oauth_callback');
    expect(new URLSearchParams(back.hash.slice(1)).get('error_code')).toBe('bad_oauth_callback');
    expect(back.hash).not.toContain('access_token');
  });

  it('the nonce and our PKCE verifier toward the provider are checked', async () => {
    for (const column of ['nonce', 'provider_verifier'] as const) {
      const browser = new TestBrowser();
      const callback = await signInWithProvider(harness, browser, { account: 'ada', stopAtCallback: true });
      await harness.app.db.updateTable('auth_oauth_states').set({ [column]: randomBytes(32).toString('base64url') }).where('id', '=', callback.searchParams.get('state')!).execute();
      const response = await browser.request(callback.href);
      const back = new URL(response.headers.get('location')!);
      expect(back.searchParams.get('error_code'), column).toBe('bad_oauth_callback');
    }
  });

  it("the provider's refusal (the person cancels) comes back in query and fragment", async () => {
    const browser = new TestBrowser();
    const query = new URLSearchParams({ provider: 'custom:test', redirect_to: `${harness.url}/en/sign-in` });
    const atLogin = await browser.follow(`${harness.url}/auth/v1/authorize?${query}`, () => false);
    const back = await browser.follow(`${atLogin.url.origin}${atLogin.url.pathname}/abort`, (url) => url.pathname === '/en/sign-in', { form: {} });
    expect(back.url.searchParams.get('error')).toBe('access_denied');
    expect(new URLSearchParams(back.url.hash.slice(1)).get('error')).toBe('access_denied');
  });
});

describe('PKCE toward the browser', () => {
  it('a wrong verifier is 400 bad_code_verifier, a code older than 300 s 422 flow_state_expired', async () => {
    const pair = pkcePair();
    const back = await signInWithProvider(harness, new TestBrowser(), { account: 'ada', pkce: pair });
    const code = back.searchParams.get('code')!;
    const wrong = await exchange(code, pkcePair().verifier);
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).code).toBe('bad_code_verifier');
    harness.clock.advance(301_000);
    const late = await exchange(code, pair.verifier);
    expect(late.status).toBe(422);
    expect((await json(late)).code).toBe('flow_state_expired');
  });

  it('the code is refused without the verifier its browser holds, and works once with it', async () => {
    const pair = pkcePair();
    const back = await signInWithProvider(harness, new TestBrowser(), { account: 'ada', pkce: pair });
    const code = back.searchParams.get('code')!;
    const ok = await exchange(code, pair.verifier);
    expect(ok.status).toBe(200);
    const again = await exchange(code, pair.verifier);
    expect(again.status).toBe(404);
    expect((await json(again)).code).toBe('flow_state_not_found');
  });
});

describe('redirect_to', () => {
  it('never leaves the site: another origin, a scheme-relative or javascript: target go to the site URL', async () => {
    for (const target of ['https://evil.example/steal', '//evil.example/x', 'javascript:alert(1)', 'http://127.0.0.1.evil.example/']) {
      const back = await signInWithProvider(harness, new TestBrowser(), { account: 'ada', redirectTo: target });
      expect(back.origin, target).toBe(harness.url);
    }
  });
});

describe('one person, one account', () => {
  it("an attacker's provider account carrying the victim's unverified email gets nothing of the victim's", async () => {
    const now = new Date();
    const victim = await harness.app.db
      .insertInto('auth_users')
      .values({ email: 'victim@example.com', email_confirmed_at: now, phone: null, app_metadata: JSON.stringify({ provider: 'email', providers: ['email'] }), user_metadata: '{}', new_email: null, new_phone: null, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const back = await signInWithProvider(harness, new TestBrowser(), { account: 'mallory' });
    const token = new URLSearchParams(back.hash.slice(1)).get('access_token')!;
    const user = (await (await fetch(`${harness.url}/auth/v1/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string; email: string; identities: { provider: string }[] };
    expect(user.id).not.toBe(victim.id);
    expect(user.email).toBe('');
    expect(user.identities.map((identity) => identity.provider)).toEqual(['custom:test']);
    const after = await harness.app.db.selectFrom('auth_identities').select('user_id').where('user_id', '=', victim.id).execute();
    expect(after).toHaveLength(0);
  });

  it("the victim's own verified provider account reaches the victim's account", async () => {
    const back = await signInWithProvider(harness, new TestBrowser(), { account: 'victim' });
    const token = new URLSearchParams(back.hash.slice(1)).get('access_token')!;
    const user = (await (await fetch(`${harness.url}/auth/v1/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { email: string; identities: { provider: string }[] };
    expect(user.email).toBe('victim@example.com');
    expect(user.identities.map((identity) => identity.provider).sort()).toEqual(['custom:test', 'email']);
  });

  it('linking into an unconfirmed account drops what its opener left (identities, unproven phone, sessions)', async () => {
    const now = new Date();
    const planted = await harness.app.db
      .insertInto('auth_users')
      .values({ email: 'takeover@example.com', email_confirmed_at: null, phone: '+33612345678', phone_confirmed_at: null, app_metadata: JSON.stringify({ provider: 'custom:other', providers: ['custom:other'] }), user_metadata: '{}', new_email: null, new_phone: null, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await harness.app.db.insertInto('auth_identities').values({ user_id: planted.id, provider: 'custom:other', provider_id: 'attacker-subject', identity_data: '{}', email: 'takeover@example.com', created_at: now, updated_at: now }).execute();
    await harness.app.db.insertInto('auth_sessions').values({ user_id: planted.id, created_at: now, refreshed_at: now, user_agent: null, ip: null, factor_id: null, not_after: null }).execute();
    await signInWithProvider(harness, new TestBrowser(), { account: 'takeover' });
    const owner = await harness.app.db.selectFrom('auth_users').selectAll().where('id', '=', planted.id).executeTakeFirstOrThrow();
    expect(owner.email_confirmed_at).not.toBeNull();
    expect(owner.phone).toBeNull();
    const identities = await harness.app.db.selectFrom('auth_identities').select(['provider', 'provider_id']).where('user_id', '=', planted.id).execute();
    expect(identities).toEqual([{ provider: 'custom:test', provider_id: 'takeover' }]);
    const sessions = await harness.app.db.selectFrom('auth_sessions').select('id').where('user_id', '=', planted.id).execute();
    // Only the session the real owner just started.
    expect(sessions).toHaveLength(1);
  });

  it('the same provider account twice is the same account; a new verified email opens a new account with it', async () => {
    const first = await signInWithProvider(harness, new TestBrowser(), { account: 'fresh' });
    const second = await signInWithProvider(harness, new TestBrowser(), { account: 'fresh' });
    const idOf = async (back: URL) =>
      ((await (await fetch(`${harness.url}/auth/v1/user`, { headers: { authorization: `Bearer ${new URLSearchParams(back.hash.slice(1)).get('access_token')}` } })).json()) as { id: string; email: string });
    const [a, b] = [await idOf(first), await idOf(second)];
    expect(a.id).toBe(b.id);
    expect(a.email).toBe('fresh@example.com');
  });
});
