import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAGS, SoftAuthenticator } from './passkey-authenticator';
import { PASSKEY_ORIGIN, startPasskeyHarness, wire, type PasskeyHarness } from './passkey-harness';

const FAILED = { status: 400, code: 'webauthn_verification_failed' };

/**
 * Forged and replayed passkey answers (#36 part 4), each built on the wire by a real software
 * authenticator and refused with GoTrue's code. The same cases run against the built server in
 * `npm run proof:passkeys`. On PGlite and, with --project server-postgres, on Postgres.
 */
describe('passkeys: forged and replayed answers', () => {
  let h: PasskeyHarness;
  let victim: SoftAuthenticator;
  let victimUserId: string;
  beforeAll(async () => {
    h = await startPasskeyHarness();
    victim = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
    const supabase = await h.signedIn('+33611150001');
    await h.register(supabase, victim);
    victimUserId = (await supabase.auth.getUser()).data.user!.id;
  });
  afterAll(async () => h.close());

  const verify = (challengeId: string, credential: unknown) => h.passkeyClient().auth.passkey.verifyAuthentication({ challengeId, credential: credential as never });

  it('a replayed assertion: its spent challenge is not found; sent to a new challenge it fails the signature check', async () => {
    const started = await h.authenticationOptions();
    const assertion = victim.get(started.options);
    expect((await verify(started.challenge_id, assertion)).error).toBeNull();
    expect((await verify(started.challenge_id, assertion)).error).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });
    const fresh = await h.authenticationOptions();
    expect((await verify(fresh.challenge_id, assertion)).error).toMatchObject(FAILED);
  });

  it('twelve verifies of one assertion at once: exactly one session', async () => {
    const started = await h.authenticationOptions();
    const assertion = victim.get(started.options);
    const answers = await Promise.all(Array.from({ length: 12 }, () => verify(started.challenge_id, assertion)));
    expect(answers.filter((answer) => answer.data?.session)).toHaveLength(1);
    expect(answers.filter((answer) => answer.error?.code === 'webauthn_challenge_not_found')).toHaveLength(11);
  });

  it('an assertion answered to another challenge', async () => {
    const asked = await h.authenticationOptions();
    const other = await h.authenticationOptions();
    expect((await verify(asked.challenge_id, victim.get(asked.options, { challenge: other.options.challenge }))).error).toMatchObject(FAILED);
  });

  it('from another origin, for another RP, as a registration, or without user verification', async () => {
    for (const overrides of [{ origin: 'https://ringwise.example.evil' }, { origin: 'http://localhost:3001' }, { rpId: 'evil.example' }, { type: 'webauthn.create' }, { flags: FLAGS.userPresent }]) {
      const started = await h.authenticationOptions();
      expect((await verify(started.challenge_id, victim.get(started.options, overrides))).error, JSON.stringify(overrides)).toMatchObject(FAILED);
    }
  });

  it('a signature counter gone backwards (or standing still) is a cloned authenticator', async () => {
    const cloned = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
    const supabase = await h.signedIn('+33611150002');
    await h.register(supabase, cloned);
    const first = await h.authenticationOptions();
    expect((await verify(first.challenge_id, cloned.get(first.options, { counter: 7 }))).error).toBeNull();
    for (const counter of [3, 7]) {
      const started = await h.authenticationOptions();
      expect((await verify(started.challenge_id, cloned.get(started.options, { counter }))).error, `counter ${counter}`).toMatchObject(FAILED);
    }
    const next = await h.authenticationOptions();
    expect((await verify(next.challenge_id, cloned.get(next.options, { counter: 8 }))).error).toBeNull();
  });

  it("another user's credential: signed with one's own key, or claiming another user's handle", async () => {
    const attacker = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
    await h.register(await h.signedIn('+33611150003'), attacker);
    // The attacker's key signs, presenting the victim's credential id (copied from anywhere).
    const stolenId = victim.credentials[0]!.id;
    attacker.credentials.push({ ...attacker.credentials[0]!, id: stolenId, userHandle: victim.credentials[0]!.userHandle });
    const first = await h.authenticationOptions();
    expect((await verify(first.challenge_id, attacker.get(first.options, { credentialId: stolenId }))).error).toMatchObject(FAILED);
    // The attacker's own, valid passkey, with the victim's user handle: whose account would it open?
    const second = await h.authenticationOptions();
    const claimed = Buffer.from(victimUserId).toString('base64url');
    expect((await verify(second.challenge_id, attacker.get(second.options, { credentialId: attacker.credentials[0]!.id, userHandle: claimed }))).error).toMatchObject(FAILED);
  });

  it('a registration started by one session and finished by another is not found (and not spent for its own)', async () => {
    const phone = '+33611150004';
    const first = await h.signedIn(phone);
    h.clock.advance(61_000);
    const second = await h.signedIn(phone);
    const started = (await first.auth.passkey.startRegistration()).data!;
    const credential = new SoftAuthenticator({ origin: PASSKEY_ORIGIN }).create(started.options as PublicKeyCredentialCreationOptionsJSON);
    expect((await second.auth.passkey.verifyRegistration({ challengeId: started.challenge_id, credential: wire(credential) })).error).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });
    // Another account's session cannot finish it either.
    const stranger = await h.signedIn('+33611150005');
    expect((await stranger.auth.passkey.verifyRegistration({ challengeId: started.challenge_id, credential: wire(credential) })).error).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });
    expect((await first.auth.passkey.verifyRegistration({ challengeId: started.challenge_id, credential: wire(credential) })).error).toBeNull();
  });

  it('a sign-in challenge cannot finish a registration, nor a registration challenge a sign-in', async () => {
    const supabase = await h.signedIn('+33611150006');
    const signIn = await h.authenticationOptions();
    const registration = (await supabase.auth.passkey.startRegistration()).data!;
    const authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
    const created = authenticator.create({ ...(registration.options as PublicKeyCredentialCreationOptionsJSON), challenge: signIn.options.challenge });
    expect((await supabase.auth.passkey.verifyRegistration({ challengeId: signIn.challenge_id, credential: wire(created) })).error).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });
    expect((await verify(registration.challenge_id, victim.get({ ...signIn.options, challenge: registration.options.challenge }))).error).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });
  });

  it('a registration from another origin, for another RP, or without user verification is refused', async () => {
    const supabase = await h.signedIn('+33611150007');
    for (const overrides of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { flags: FLAGS.userPresent | FLAGS.attested }]) {
      const started = (await supabase.auth.passkey.startRegistration()).data!;
      const credential = new SoftAuthenticator({ origin: PASSKEY_ORIGIN }).create(started.options as PublicKeyCredentialCreationOptionsJSON, overrides);
      expect((await supabase.auth.passkey.verifyRegistration({ challengeId: started.challenge_id, credential: wire(credential) })).error, JSON.stringify(overrides)).toMatchObject(FAILED);
    }
    expect((await supabase.auth.passkey.list()).data).toEqual([]);
  });
});
