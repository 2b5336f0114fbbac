import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthHarness, type AuthHarness } from './harness';

let counter = 0;
const uniquePhone = () => `+3361234${String(5000 + (counter += 1)).padStart(4, '0')}`;

describe('supabase-js against the running auth service: sessions', () => {
  let h: AuthHarness;
  const requests: string[] = [];
  beforeAll(async () => {
    h = await startAuthHarness();
    h.app.server.on('request', (request: { method?: string; url?: string }) => {
      requests.push(`${request.method} ${request.url?.split('?')[0]}`);
    });
  });
  afterAll(async () => h.close());

  async function signedInByPhone(phone = uniquePhone()) {
    const supabase = h.client();
    expect((await supabase.auth.signInWithOtp({ phone })).error).toBeNull();
    const { data, error } = await supabase.auth.verifyOtp({ phone, token: await h.latestCode(phone), type: 'sms' });
    expect(error).toBeNull();
    return { supabase, phone, session: data.session!, user: data.user! };
  }

  it('anonymous sign-in: is_anonymous, amr anonymous, empty app_metadata', async () => {
    const supabase = h.client();
    const { data, error } = await supabase.auth.signInAnonymously({ options: { data: { origin: 'test' } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ is_anonymous: true, email: '', phone: '', app_metadata: {}, user_metadata: { origin: 'test' }, identities: [] });
    const { data: claims } = await supabase.auth.getClaims();
    expect(claims?.claims).toMatchObject({ is_anonymous: true, aal: 'aal1', amr: [{ method: 'anonymous', timestamp: expect.any(Number) }] });
  });

  it('an anonymous user becomes permanent by verifying a phone (updateUser + phone_change)', async () => {
    const supabase = h.client();
    await supabase.auth.signInAnonymously();
    const phone = uniquePhone();
    const updated = await supabase.auth.updateUser({ phone });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ is_anonymous: true, new_phone: phone.slice(1) });
    const { data, error } = await supabase.auth.verifyOtp({ phone, token: await h.latestCode(phone), type: 'phone_change' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ is_anonymous: false, phone: phone.slice(1), app_metadata: { provider: 'phone', providers: ['phone'] } });
  });

  it('refresh rotates the refresh token and issues a new access token', async () => {
    const { supabase, session } = await signedInByPhone();
    h.clock.advance(1000);
    const { data, error } = await supabase.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(data.session?.access_token).not.toBe(session.access_token);
    expect(data.session?.token_type).toBe('bearer');
  });

  it('a spent refresh token inside the 10 s window gets a sibling; outside it, reuse revokes the whole family', async () => {
    const { supabase, session } = await signedInByPhone();
    const first = await supabase.auth.refreshSession();
    expect(first.error).toBeNull();
    // Two tabs refreshing at once: the old token is honoured for a few seconds.
    const concurrent = await h.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(concurrent.error).toBeNull();
    h.clock.advance(11_000);
    const replay = await h.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    // The legitimate holder's tokens died with the family.
    const latest = await h.client().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(latest.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const user = await supabase.auth.getUser(first.data.session!.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it('getUser and updateUser (user_metadata merge)', async () => {
    const { supabase, user } = await signedInByPhone();
    const got = await supabase.auth.getUser();
    expect(got.data.user).toMatchObject({ id: user.id, aud: 'authenticated', role: 'authenticated', email: '', phone: expect.any(String) });
    expect(got.data.user?.identities?.[0]).toMatchObject({ provider: 'phone', user_id: user.id, identity_data: { phone_verified: true } });
    await supabase.auth.updateUser({ data: { first_name: 'Ada', drop: 'x' } });
    const updated = await supabase.auth.updateUser({ data: { drop: null } });
    expect(updated.data.user?.user_metadata).toEqual({ first_name: 'Ada' });
  });

  it("taking another account's phone or email gives the spec's messages", async () => {
    const other = await signedInByPhone();
    const { supabase } = await signedInByPhone();
    const phone = await supabase.auth.updateUser({ phone: `+${other.user.phone}` });
    expect(phone.error).toMatchObject({ status: 422, code: 'phone_exists', message: 'An account with this phone number already exists.' });
    const owner = h.client();
    await owner.auth.signInWithOtp({ email: 'taken@example.com' });
    await owner.auth.verifyOtp({ email: 'taken@example.com', token: await h.latestCode('taken@example.com'), type: 'email' });
    const email = await supabase.auth.updateUser({ email: 'Taken@example.com' });
    expect(email.error).toMatchObject({ status: 422, code: 'email_exists', message: 'An account with this email already exists.' });
  });

  it('getClaims verifies the ES256 signature through the JWKS without calling /user', async () => {
    const { supabase, user } = await signedInByPhone();
    requests.length = 0;
    const { data, error } = await supabase.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.header).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: expect.any(String) });
    expect(data?.claims).toMatchObject({ sub: user.id, role: 'authenticated', aal: 'aal1', session_id: expect.any(String) });
    // Verified locally with the (possibly cached, 10 min) JWKS: never a round trip to /user.
    expect(requests.every((line) => line === 'GET /auth/v1/.well-known/jwks.json')).toBe(true);
    const jwks = createRemoteJWKSet(new URL(`${h.url}/auth/v1/.well-known/jwks.json`));
    const { data: current } = await supabase.auth.getSession();
    const verified = await jwtVerify(current.session!.access_token, jwks, { algorithms: ['ES256'], audience: 'authenticated', currentDate: h.clock.now() });
    expect(verified.payload.sub).toBe(user.id);
  });

  it('PKCE: the emailed link returns ?code= which exchangeCodeForSession turns into a session; a wrong verifier is refused', async () => {
    const supabase = h.client({ flowType: 'pkce' });
    const email = 'pkce@example.com';
    expect((await supabase.auth.signInWithOtp({ email, options: { emailRedirectTo: `${h.url}/en/sign-in-otp` } })).error).toBeNull();
    const [message] = await h.outbox(email);
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(message?.body ?? '')?.[0];
    expect(link).toBeDefined();
    const redirect = await fetch(link!.replace(/^https?:\/\/[^/]+/, h.url), { redirect: 'manual' });
    expect(redirect.status).toBe(303);
    const location = new URL(redirect.headers.get('location') ?? '');
    expect(location.pathname).toBe('/en/sign-in-otp');
    const code = location.searchParams.get('code')!;
    const wrong = await h.client({ flowType: 'pkce' }).auth.exchangeCodeForSession(code);
    expect(wrong.error).toBeTruthy();
    const { data, error } = await supabase.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('signOut: others, local and global scopes', async () => {
    const phone = uniquePhone();
    const first = await signedInByPhone(phone);
    h.clock.advance(61_000);
    const second = await signedInByPhone(phone);
    h.clock.advance(61_000);
    const third = await signedInByPhone(phone);

    expect((await second.supabase.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await first.supabase.auth.getUser(first.session.access_token)).error?.name).toBe('AuthSessionMissingError');
    expect((await third.supabase.auth.getUser(third.session.access_token)).error?.name).toBe('AuthSessionMissingError');
    expect((await second.supabase.auth.getUser()).error).toBeNull();

    expect((await second.supabase.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await second.supabase.auth.getSession()).data.session).toBeNull();
    expect((await h.client().auth.getUser(second.session.access_token)).error?.name).toBe('AuthSessionMissingError');

    h.clock.advance(61_000);
    const fourth = await signedInByPhone(phone);
    h.clock.advance(61_000);
    const fifth = await signedInByPhone(phone);
    expect((await fourth.supabase.auth.signOut()).error).toBeNull();
    expect((await h.client().auth.getUser(fifth.session.access_token)).error?.name).toBe('AuthSessionMissingError');
  });

  it('recover answers {} for any address; settings and OAuth routes answer as GoTrue does', async () => {
    const supabase = h.client();
    const recover = await supabase.auth.resetPasswordForEmail('nobody@example.com');
    expect(recover).toEqual({ data: {}, error: null });
    const settings = (await (await fetch(`${h.url}/auth/v1/settings`)).json()) as { external: Record<string, boolean> };
    expect(settings.external).toMatchObject({ email: true, phone: true, anonymous_users: true, google: false });
    const authorize = await fetch(`${h.url}/auth/v1/authorize?provider=google`, { headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(authorize.status).toBe(400);
    // GoTrue's answer for a provider not configured (reference §1; #35 replaced the stub's provider_disabled).
    expect(await authorize.json()).toEqual({ code: 'validation_failed', message: 'Unsupported provider: provider is not enabled' });
  });

  it('errors: versioned body and header exposed through CORS; legacy body without the header', async () => {
    const versioned = await fetch(`${h.url}/auth/v1/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', origin: 'https://app.example.com' },
      body: JSON.stringify({ type: 'sms', phone: '+33612345678', token: '000000' }),
    });
    expect(versioned.status).toBe(403);
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(versioned.headers.get('access-control-expose-headers')).toContain('x-supabase-api-version');
    expect(await versioned.json()).toEqual({ code: 'otp_expired', message: 'Token has expired or is invalid' });
    const legacy = await fetch(`${h.url}/auth/v1/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'sms', phone: '+33612345678', token: '000000' }),
    });
    expect(await legacy.json()).toEqual({ code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' });
    const badJson = await fetch(`${h.url}/auth/v1/otp`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' }, body: '{' });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { code: string }).code).toBe('bad_json');
  });
});
