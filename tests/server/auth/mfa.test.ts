import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInByText, totpAtClock } from '../../helpers/auth-client';
import { startAuthHarness, type AuthHarness } from './harness';

describe('supabase-js MFA against the running auth service', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(async () => h.close());


  it('TOTP: enrol, challenge, verify → aal2 (MFA_CHALLENGE_VERIFIED); a TOTP step is accepted once; unenrol', async () => {
    const { supabase, session } = await signedInByText(h, '+33611110001');
    const events: string[] = [];
    supabase.auth.onAuthStateChange((event) => events.push(event));

    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app', issuer: 'Ringwise' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe('totp');
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/Ringwise:/);
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);

    const duplicate = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });

    const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ id: expect.any(String), type: 'totp', expires_at: expect.any(Number) });

    const current = await totpAtClock(h, factor.totp.secret);
    const wrong = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: current === '000000' ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });

    const code = await totpAtClock(h, factor.totp.secret);
    const verified = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();
    expect(verified.data?.refresh_token).not.toBe(session.refresh_token);
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');
    const aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const { data: claims } = await supabase.auth.getClaims();
    expect(claims?.claims.amr?.map((entry) => (typeof entry === 'string' ? entry : entry.method))).toEqual(['totp', 'otp']);

    // The same step again (a replayed code) is refused even on a fresh challenge.
    const again = await supabase.auth.mfa.challenge({ factorId: factor.id });
    const replay = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: again.data!.id, code });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    // A used challenge cannot be verified twice.
    const usedChallenge = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(usedChallenge.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });

    // The aal1 refresh token of before the step-up is spent: replaying it ends the session.
    const oldRefresh = await h.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(oldRefresh.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
  });

  it('aal rules: a second factor and a verified factor removal need aal2; anonymous users cannot enrol', async () => {
    const phone = '+33611110002';
    const first = await signedInByText(h, phone);
    const factor = (await first.supabase.auth.mfa.enroll({ factorType: 'totp' })).data!;
    const challenge = (await first.supabase.auth.mfa.challenge({ factorId: factor.id })).data!;
    expect((await first.supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.id, code: await totpAtClock(h, factor.totp.secret) })).error).toBeNull();

    h.clock.advance(61_000);
    const second = await signedInByText(h, phone);
    expect((await second.supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await second.supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'another' })).error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect((await second.supabase.auth.mfa.unenroll({ factorId: factor.id })).error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    expect((await second.supabase.auth.updateUser({ email: 'new-address@example.com' })).error).toMatchObject({ status: 401, code: 'insufficient_aal' });

    // From the aal2 session: unenrol works and the factor list empties.
    expect((await first.supabase.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    const factors = await first.supabase.auth.mfa.listFactors();
    expect(factors.data?.all).toEqual([]);

    const anonymous = h.client();
    await anonymous.auth.signInAnonymously();
    expect((await anonymous.auth.mfa.enroll({ factorType: 'totp' })).error).toMatchObject({ status: 403 });
  });

  it('phone factor: enrol, challenge by SMS (outbox), verify → aal2; unknown factor → 404', async () => {
    const { supabase } = await signedInByText(h, '+33611110003');
    const factorPhone = '+33611110004';
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: factorPhone, friendlyName: 'Work phone' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toMatchObject({ type: 'phone', friendly_name: 'Work phone', phone: '33611110004' });
    const challenge = await supabase.auth.mfa.challenge({ factorId: enrolled.data!.id, channel: 'sms' });
    expect(challenge.error).toBeNull();
    const [message] = await h.outbox(factorPhone);
    expect(message?.body).toMatch(/@127\.0\.0\.1 #\d{6}$/);
    const wrong = await supabase.auth.mfa.verify({ factorId: enrolled.data!.id, challengeId: challenge.data!.id, code: message?.code === '000000' ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const verified = await supabase.auth.mfa.verify({ factorId: enrolled.data!.id, challengeId: challenge.data!.id, code: message?.code ?? '' });
    expect(verified.error).toBeNull();
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
    const listed = await supabase.auth.mfa.listFactors();
    expect(listed.data?.phone).toHaveLength(1);
    expect((await supabase.auth.mfa.challenge({ factorId: '00000000-0000-4000-8000-000000000000' })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });
});
