import { exportJWK, generateKeyPair, SignJWT, decodeProtectedHeader, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthHarness, type AuthHarness } from './harness';

let counter = 0;
const uniquePhone = () => `+447911${String(100000 + (counter += 1)).slice(-6)}`;

describe('supabase-js against the running auth service: refusals', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(async () => h.close());

  async function signedIn() {
    const supabase = h.client();
    const phone = uniquePhone();
    await supabase.auth.signInWithOtp({ phone });
    const { data } = await supabase.auth.verifyOtp({ phone, token: await h.latestCode(phone), type: 'sms' });
    return { supabase, session: data.session! };
  }

  it('wrong code ×6: five refusals, then even the right code is refused (the code is dead)', async () => {
    const supabase = h.client();
    const phone = uniquePhone();
    await supabase.auth.signInWithOtp({ phone });
    const code = await h.latestCode(phone);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { error } = await supabase.auth.verifyOtp({ phone, token: wrong, type: 'sms' });
      expect(error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    }
    const sixth = await supabase.auth.verifyOtp({ phone, token: code, type: 'sms' });
    expect(sixth.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('an expired code (10 minutes) is refused with the same answer', async () => {
    const supabase = h.client();
    const email = 'late@example.com';
    await supabase.auth.signInWithOtp({ email });
    const code = await h.latestCode(email);
    h.clock.advance(10 * 60_000 + 1000);
    const { error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('a used code is refused', async () => {
    const supabase = h.client();
    const phone = uniquePhone();
    await supabase.auth.signInWithOtp({ phone });
    const code = await h.latestCode(phone);
    expect((await supabase.auth.verifyOtp({ phone, token: code, type: 'sms' })).error).toBeNull();
    expect((await h.client().auth.verifyOtp({ phone, token: code, type: 'sms' })).error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('bad input: malformed phone and email, both at once', async () => {
    const supabase = h.client();
    expect((await supabase.auth.signInWithOtp({ phone: '12' })).error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Invalid phone number format (E.164 required)' });
    expect((await supabase.auth.signInWithOtp({ email: 'not-an-email' })).error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await supabase.auth.verifyOtp({ phone: 'abc', token: '123456', type: 'sms' })).error).toMatchObject({ status: 400, code: 'validation_failed' });
    const both = await fetch(`${h.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ phone: '+33612345678', email: 'a@example.com' }),
    });
    expect(both.status).toBe(400);
    expect(await supabase.auth.signInWithOtp({ email: 'nobody-yet@example.com', options: { shouldCreateUser: false } })).toMatchObject({
      error: { status: 422, code: 'otp_disabled' },
    });
  });

  it('tampered JWT, alg none, another key, expired token → 403 bad_jwt; getClaims rejects a foreign signature', async () => {
    const { supabase, session } = await signedIn();
    const [header, payload, signature] = session.access_token.split('.');
    const claims = decodeJwt(session.access_token);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

    const tampered = `${header}.${b64({ ...claims, role: 'service_role' })}.${signature}`;
    expect((await supabase.auth.getUser(tampered)).error).toMatchObject({ status: 403, code: 'bad_jwt', message: expect.stringMatching(/^invalid JWT/) });

    const none = `${b64({ alg: 'none', typ: 'JWT', kid: decodeProtectedHeader(session.access_token).kid })}.${payload}.`;
    expect((await supabase.auth.getUser(none)).error).toMatchObject({ status: 403, code: 'bad_jwt' });

    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = decodeProtectedHeader(session.access_token).kid!;
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(privateKey);
    expect((await supabase.auth.getUser(foreign)).error).toMatchObject({ status: 403, code: 'bad_jwt' });
    const claimsCheck = await supabase.auth.getClaims(foreign);
    expect(claimsCheck.error?.message).toBe('Invalid JWT signature');
    // A foreign key under its own kid is not in our JWKS either.
    const otherKid = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'someone-else', typ: 'JWT' }).sign(privateKey);
    expect((await supabase.auth.getUser(otherKid)).error).toMatchObject({ status: 403, code: 'bad_jwt' });
    expect((await exportJWK(publicKey)).kty).toBe('EC');

    // HS256 "signed" with the public key material must not be accepted either.
    const hs = `${b64({ alg: 'HS256', typ: 'JWT', kid })}.${payload}.${signature}`;
    expect((await supabase.auth.getUser(hs)).error).toMatchObject({ status: 403, code: 'bad_jwt' });

    h.clock.advance(3600 * 1000 + 1000);
    expect((await supabase.auth.getUser(session.access_token)).error).toMatchObject({ status: 403, code: 'bad_jwt' });
    // No bearer at all.
    const bare = await fetch(`${h.url}/auth/v1/user`, { headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
    // The publishable key is fine for public routes but not a user.
    const anon = await fetch(`${h.url}/auth/v1/user`, { headers: { authorization: `Bearer ${h.key}`, apikey: h.key } });
    expect(anon.status).toBe(403);
  });

  it('over-limit sends: 60 s cooldown per recipient (sms and email), then the per-IP cap', async () => {
    const supabase = h.client();
    const phone = uniquePhone();
    expect((await supabase.auth.signInWithOtp({ phone })).error).toBeNull();
    const again = await supabase.auth.signInWithOtp({ phone });
    expect(again.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit', message: expect.stringMatching(/only request this after \d+ seconds/) });
    await supabase.auth.signInWithOtp({ email: 'busy@example.com' });
    expect((await supabase.auth.signInWithOtp({ email: 'busy@example.com' })).error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    h.clock.advance(61_000);
    expect((await supabase.auth.signInWithOtp({ phone })).error).toBeNull();

    // 60 sends per 5 minutes from one address, whatever the recipients (LIMITS.otpPerIp).
    h.clock.advance(5 * 60_000);
    let limited = null;
    for (let index = 0; index < 61 && !limited; index += 1) {
      const { error } = await supabase.auth.signInWithOtp({ email: `bulk${index}@example.com` });
      if (error) limited = error;
    }
    expect(limited).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('refresh: unknown token, missing token', async () => {
    const unknown = await h.client().auth.refreshSession({ refresh_token: 'nope' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const response = await fetch(`${h.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('validation_failed');
  });
});

describe('session limits', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness({ env: { AUTH_SESSION_INACTIVITY_SECONDS: '7200', AUTH_SESSION_LIFETIME_SECONDS: '86400' } });
  });
  afterAll(async () => h.close());

  it('an idle session expires (session_expired on refresh); an active one ends at its absolute lifetime', async () => {
    const supabase = h.client();
    const phone = '+33699000001';
    await supabase.auth.signInWithOtp({ phone });
    const { data } = await supabase.auth.verifyOtp({ phone, token: await h.latestCode(phone), type: 'sms' });
    h.clock.advance(7200 * 1000 + 1000);
    const idle = await h.client().auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(idle.error).toMatchObject({ status: 400, code: 'session_expired' });

    h.clock.advance(61_000);
    const active = h.client();
    await active.auth.signInWithOtp({ phone });
    let current = (await active.auth.verifyOtp({ phone, token: await h.latestCode(phone), type: 'sms' })).data.session!;
    for (let hour = 0; hour < 23; hour += 1) {
      h.clock.advance(3600 * 1000);
      const next = await h.client().auth.refreshSession({ refresh_token: current.refresh_token });
      expect(next.error).toBeNull();
      current = next.data.session!;
    }
    h.clock.advance(3600 * 1000 + 1000);
    const ended = await h.client().auth.refreshSession({ refresh_token: current.refresh_token });
    expect(ended.error).toMatchObject({ status: 400, code: 'session_expired' });
  });
});
