import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';
import { totpAtClock } from '../../helpers/auth-client';
import { SoftAuthenticator } from './passkey-authenticator';
import { PASSKEY_ORIGIN, startPasskeyHarness, wire, type PasskeyHarness } from './passkey-harness';

const GOOGLE_PASSWORD_MANAGER = 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4';
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { aal: string; amr: { method: string }[]; sub: string };

/**
 * GoTrue's passkey routes answered to the real supabase-js (`auth.passkey.*`), with a software
 * authenticator's real attestations and assertions. On PGlite and, with --project server-postgres,
 * on Postgres.
 */
describe('passkeys: the GoTrue routes and answers', () => {
  let h: PasskeyHarness;
  beforeAll(async () => {
    h = await startPasskeyHarness();
  });
  afterAll(async () => h.close());

  it('add, list, sign in (amr passkey, aal1), rename, remove — as supabase-js calls them', async () => {
    const settings = await (await fetch(`${h.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({ passkeys_enabled: true });
    const supabase = await h.signedIn('+33611130001');
    const { data: { user } } = await supabase.auth.getUser();
    const started = (await supabase.auth.passkey.startRegistration()).data!;
    const options = started.options as PublicKeyCredentialCreationOptionsJSON;
    expect(started.challenge_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(started.expires_at - Math.floor(h.clock.now().getTime() / 1000)).toBe(300);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Ringwise' },
      user: { id: Buffer.from(user!.id).toString('base64url'), name: '+33611130001' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });

    const authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN, aaguid: GOOGLE_PASSWORD_MANAGER });
    const credential = authenticator.create(options);
    const added = await supabase.auth.passkey.verifyRegistration({ challengeId: started.challenge_id, credential: wire(credential) });
    expect(added.error).toBeNull();
    expect(added.data).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), friendly_name: 'Google Password Manager', created_at: expect.any(String) });

    const listed = await supabase.auth.passkey.list();
    expect(listed.data).toEqual([{ id: added.data!.id, friendly_name: 'Google Password Manager', created_at: added.data!.created_at, device: { authenticator: 'Google Password Manager', browser: null, os: null } }]);

    h.clock.advance(60_000);
    const signedIn = await h.signIn(authenticator);
    expect(signedIn.error).toBeNull();
    const session = signedIn.data!.session!;
    expect(signedIn.data!.user!.id).toBe(user!.id);
    expect(claimsOf(session.access_token)).toMatchObject({ sub: user!.id, aal: 'aal1', amr: [{ method: 'passkey' }] });
    const used = (await supabase.auth.passkey.list()).data![0]!;
    expect(used.last_used_at).toBe(h.clock.now().toISOString());

    const renamed = await supabase.auth.passkey.update({ passkeyId: added.data!.id, friendlyName: '  Work phone  ' });
    expect(renamed.data).toMatchObject({ id: added.data!.id, friendly_name: 'Work phone', last_used_at: used.last_used_at });
    expect((await supabase.auth.passkey.update({ passkeyId: added.data!.id, friendlyName: ' ' })).error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await supabase.auth.passkey.update({ passkeyId: added.data!.id, friendlyName: 'x'.repeat(121) })).error).toMatchObject({ status: 400, code: 'validation_failed' });

    const removed = await supabase.auth.passkey.delete({ passkeyId: added.data!.id });
    expect(removed).toEqual({ data: null, error: null });
    expect((await supabase.auth.passkey.list()).data).toEqual([]);
    expect((await h.signIn(authenticator)).error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
  });

  it("another user's passkey can be neither renamed nor removed (404 as GoTrue); a bad id is 404 too", async () => {
    const owner = await h.signedIn('+33611130002');
    const other = await h.signedIn('+33611130003');
    const { id } = await h.register(owner, new SoftAuthenticator({ origin: PASSKEY_ORIGIN }));
    expect((await other.auth.passkey.update({ passkeyId: id, friendlyName: 'mine' })).error).toMatchObject({ status: 404, code: 'validation_failed', message: 'Passkey not found' });
    expect((await other.auth.passkey.delete({ passkeyId: id })).error).toMatchObject({ status: 404, code: 'validation_failed' });
    expect((await other.auth.passkey.delete({ passkeyId: 'not-a-uuid' })).error).toMatchObject({ status: 404, code: 'validation_failed' });
    expect((await owner.auth.passkey.list()).data).toHaveLength(1);
  });

  it('at most 10 per user: the 11th is refused at options, and two verifies at once cannot both be the 10th', async () => {
    const supabase = await h.signedIn('+33611130004');
    const authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
    for (let index = 0; index < 9; index += 1) await h.register(supabase, authenticator);
    const [first, second] = [(await supabase.auth.passkey.startRegistration()).data!, (await supabase.auth.passkey.startRegistration()).data!];
    const answers = await Promise.all(
      [first, second].map((started) =>
        supabase.auth.passkey.verifyRegistration({ challengeId: started.challenge_id, credential: wire(authenticator.create(started.options as PublicKeyCredentialCreationOptionsJSON)) }),
      ),
    );
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
    expect(answers.find((answer) => answer.error)?.error).toMatchObject({ status: 422, code: 'too_many_passkeys' });
    expect((await supabase.auth.passkey.startRegistration()).error).toMatchObject({ status: 422, code: 'too_many_passkeys' });
    expect((await supabase.auth.passkey.list()).data).toHaveLength(10);
  });

  it('one credential belongs to one account: offered again it is 422 webauthn_credential_exists', async () => {
    const authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
    const first = await h.signedIn('+33611130005');
    await h.register(first, authenticator);
    const second = await h.signedIn('+33611130006');
    const started = (await second.auth.passkey.startRegistration()).data!;
    const again = authenticator.create(started.options as PublicKeyCredentialCreationOptionsJSON, { reuse: authenticator.credentials[0]!.id });
    expect((await second.auth.passkey.verifyRegistration({ challengeId: started.challenge_id, credential: wire(again) })).error).toMatchObject({ status: 422, code: 'webauthn_credential_exists' });
  });

  it('anonymous users cannot add one; without a session it is 401', async () => {
    const anonymous = h.passkeyClient();
    await anonymous.auth.signInAnonymously();
    expect((await anonymous.auth.passkey.startRegistration()).error).toMatchObject({ status: 403, code: 'no_authorization' });
    const response = await fetch(`${h.url}/auth/v1/passkeys`, { headers: { apikey: h.key, 'x-supabase-api-version': '2024-01-01' } });
    expect(response.status).toBe(401);
  });

  it('the challenge lives 5 minutes: a late verify is 400 webauthn_challenge_expired', async () => {
    const authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
    await h.register(await h.signedIn('+33611130007'), authenticator);
    const started = await h.authenticationOptions();
    h.clock.advance(5 * 60_000 + 1_000);
    const late = await h.passkeyClient().auth.passkey.verifyAuthentication({ challengeId: started.challenge_id, credential: wire(authenticator.get(started.options)) });
    expect(late.error).toMatchObject({ status: 400, code: 'webauthn_challenge_expired' });
  });

  it('hostile bodies: a malformed credential is webauthn_verification_failed, a bad challenge id validation_failed, both before any work', async () => {
    const post = (body: unknown) =>
      fetch(`${h.url}/auth/v1/passkeys/authentication/verify`, { method: 'POST', headers: { apikey: h.key, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' }, body: JSON.stringify(body) }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const { challenge_id } = await h.authenticationOptions();
    expect(await post({ challenge_id, credential: { id: 'x', response: {} } })).toMatchObject({ status: 400, body: { code: 'webauthn_verification_failed' } });
    expect(await post({ challenge_id, credential: { id: '!!', rawId: '!!', type: 'public-key', response: { clientDataJSON: 'a', authenticatorData: 'a', signature: 'a'.repeat(5_000) } } })).toMatchObject({ status: 400, body: { code: 'webauthn_verification_failed' } });
    expect(await post({ challenge_id: 'nope', credential: { id: 'AA', rawId: 'AA', type: 'public-key', response: { clientDataJSON: 'AA', authenticatorData: 'AA', signature: 'AA' } } })).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await post({ credential: {} })).toMatchObject({ status: 400, body: { code: 'validation_failed', message: 'challenge_id is required' } });
  });
});

describe('passkeys and the second step (the one assurance rule)', () => {
  let h: PasskeyHarness;
  beforeAll(async () => {
    h = await startPasskeyHarness();
  });
  afterAll(async () => h.close());

  async function withTotp(phone: string) {
    const supabase = await h.signedIn(phone);
    const factor = (await supabase.auth.mfa.enroll({ factorType: 'totp' })).data!;
    const challenge = (await supabase.auth.mfa.challenge({ factorId: factor.id })).data!;
    const verified = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.id, code: await totpAtClock(h, factor.totp.secret) });
    expect(verified.error).toBeNull();
    return { supabase, factor };
  }
  const product = (token: string) => fetch(`${h.url}/v1/user`, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.status);

  it('an aal1 session of an MFA account can neither add nor remove a passkey (403 insufficient_aal); it can list and rename', async () => {
    const phone = '+33611140001';
    const { supabase: aal2 } = await withTotp(phone);
    const { id } = await h.register(aal2, new SoftAuthenticator({ origin: PASSKEY_ORIGIN }));
    h.clock.advance(61_000);
    const aal1 = await h.signedIn(phone);
    expect((await aal1.auth.passkey.startRegistration()).error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect((await aal1.auth.passkey.delete({ passkeyId: id })).error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect((await aal1.auth.passkey.list()).data).toHaveLength(1);
    expect((await aal1.auth.passkey.update({ passkeyId: id, friendlyName: 'Laptop' })).error).toBeNull();
  });

  it('a verified passkey added at aal2 is the second step too: its sign-in is aal2 and opens the product', async () => {
    const { supabase } = await withTotp('+33611140002');
    const authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
    const { id } = await h.register(supabase, authenticator);
    const signedIn = await h.signIn(authenticator);
    const token = signedIn.data!.session!.access_token;
    expect(claimsOf(token)).toMatchObject({ aal: 'aal2', amr: [{ method: 'passkey' }] });
    expect(await product(token)).toBe(200);

    // Removing that passkey drops the sessions it lifted to aal1 (as removing a factor does).
    expect((await supabase.auth.passkey.delete({ passkeyId: id })).error).toBeNull();
    const client = h.passkeyClient();
    await client.auth.setSession({ access_token: token, refresh_token: signedIn.data!.session!.refresh_token });
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal1');
    expect(await product(refreshed.data.session!.access_token)).toBe(403);
  });

  it('a passkey added before the account had a second step stays a first factor: aal1, the app still asked for', async () => {
    const phone = '+33611140003';
    const early = await h.signedIn(phone);
    const authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
    await h.register(early, authenticator);
    h.clock.advance(61_000);
    await withTotp(phone);
    const signedIn = await h.signIn(authenticator);
    const token = signedIn.data!.session!.access_token;
    expect(claimsOf(token).aal).toBe('aal1');
    expect(await product(token)).toBe(403);
    const client = h.passkeyClient();
    await client.auth.setSession({ access_token: token, refresh_token: signedIn.data!.session!.refresh_token });
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
  });

  it('the last way in cannot be removed (422 single_identity_not_deletable); with another passkey left it can', async () => {
    const supabase = await h.signedIn('+33611140004');
    const authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
    const first = await h.register(supabase, authenticator);
    const second = await h.register(supabase, authenticator);
    const { data: { user } } = await supabase.auth.getUser();
    // An account whose phone is no longer a way in (not confirmed): only its passkeys let it in.
    await h.app.db.updateTable('auth_users').set({ phone_confirmed_at: null }).where('id', '=', user!.id).execute();
    expect((await supabase.auth.passkey.delete({ passkeyId: first.id })).error).toBeNull();
    expect((await supabase.auth.passkey.delete({ passkeyId: second.id })).error).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });
    expect((await supabase.auth.passkey.list()).data).toHaveLength(1);
    // A provider identity (#35) is a way in: with one, the last passkey may go.
    const now = h.clock.now();
    await h.app.db.insertInto('auth_identities').values({ user_id: user!.id, provider: 'google', provider_id: `g-${user!.id}`, identity_data: JSON.stringify({}), created_at: now, updated_at: now } as never).execute();
    expect((await supabase.auth.passkey.delete({ passkeyId: second.id })).error).toBeNull();
  });
});

describe('passkeys off where the relying party cannot be', () => {
  it('an IP address host: /settings passkeys_enabled false and every route 404 passkey_disabled', async () => {
    const app = await buildTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:3000' } });
    try {
      expect((await app.inject({ method: 'GET', url: '/auth/v1/settings' })).json()).toMatchObject({ passkeys_enabled: false });
      for (const [method, url] of [['POST', '/auth/v1/passkeys/authentication/options'], ['POST', '/auth/v1/passkeys/registration/options'], ['GET', '/auth/v1/passkeys']] as const) {
        const response = await app.inject({ method, url, headers: { 'x-supabase-api-version': '2024-01-01', 'content-type': 'application/json' }, payload: method === 'POST' ? '{}' : undefined });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toMatchObject({ code: 'passkey_disabled' });
      }
    } finally {
      await app.close();
    }
  });
});

describe('passkey sign-in options ask for the captcha (GoTrue: rate limit, then captcha)', () => {
  let h: PasskeyHarness;
  beforeAll(async () => {
    h = await startPasskeyHarness({ CAPTCHA_PROVIDER: 'altcha' });
  });
  afterAll(async () => h.close());

  it('no token: 400 captcha_failed; a solved ALTCHA token: options, once', async () => {
    const client = h.passkeyClient();
    expect((await client.auth.passkey.startAuthentication()).error).toMatchObject({ status: 400, code: 'captcha_failed' });
    const challenge = (await (await fetch(`${h.url}/auth/v1/captcha/challenge`)).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const captchaToken = Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
    const started = await client.auth.passkey.startAuthentication({ options: { captchaToken } });
    expect(started.error).toBeNull();
    expect(started.data).toMatchObject({ challenge_id: expect.any(String), options: { rpId: 'localhost', userVerification: 'required' } });
    expect((await client.auth.passkey.startAuthentication({ options: { captchaToken } })).error).toMatchObject({ status: 400, code: 'captcha_failed' });
  });
});
