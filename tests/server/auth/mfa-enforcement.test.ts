import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInByText, totpAtClock } from '../../helpers/auth-client';
import { startAuthHarness, type AuthHarness } from './harness';

/**
 * The product API needs the second step from whoever has a verified factor (an aal1 token is 403
 * insufficient_aal, as a Supabase project's RLS on `aal` would refuse it), while the auth service's
 * routes stay open at aal1 so the step can be completed. On PGlite and, with --project
 * server-postgres, on Postgres.
 */
describe('two-step verification enforced on the product API', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(async () => h.close());


  async function api(path: string, token: string) {
    const response = await fetch(`${h.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as { code?: string; message?: string } };
  }

  it('no factor or an unverified one: aal1 is enough; a verified one: aal1 is refused, aal2 let in', async () => {
    const phone = '+33611120001';
    const { supabase, session: { access_token: aal1 } } = await signedInByText(h, phone);
    expect((await api('/v1/user', aal1)).status).toBe(200);

    // Just enrolled (not verified): must not lock the person out.
    const factor = (await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'App' })).data!;
    expect((await api('/v1/user', aal1)).status).toBe(200);
    expect((await api('/v1/business', aal1)).status).not.toBe(403);

    const challenge = (await supabase.auth.mfa.challenge({ factorId: factor.id })).data!;
    const verified = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.id, code: await totpAtClock(h, factor.totp.secret) });
    expect(verified.error).toBeNull();
    const aal2 = verified.data!.access_token;
    expect((await api('/v1/user', aal2)).status).toBe(200);
    expect((await api('/v1/business', aal2)).status).not.toBe(403);

    // The aal1 token of before the step, read (and cached) a moment ago, is refused at once.
    expect(await api('/v1/user', aal1)).toEqual({ status: 403, body: { code: 'insufficient_aal', message: 'AAL2 session is required' } });

    // A new sign-in by code alone: product routes refuse it, the auth service does not.
    h.clock.advance(61_000);
    const second = await signedInByText(h, phone);
    expect(await api('/v1/user', second.session.access_token)).toEqual({ status: 403, body: { code: 'insufficient_aal', message: 'AAL2 session is required' } });
    expect((await api('/v1/business', second.session.access_token)).body.code).toBe('insufficient_aal');
    const patched = await fetch(`${h.url}/v1/user`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${second.session.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(patched.status).toBe(403);
    expect((await second.supabase.auth.getUser()).error).toBeNull();
    expect((await second.supabase.auth.mfa.listFactors()).data?.totp).toHaveLength(1);

    h.clock.advance(31_000);
    const step = (await second.supabase.auth.mfa.challenge({ factorId: factor.id })).data!;
    const lifted = await second.supabase.auth.mfa.verify({ factorId: factor.id, challengeId: step.id, code: await totpAtClock(h, factor.totp.secret) });
    expect(lifted.error).toBeNull();
    expect((await api('/v1/user', lifted.data!.access_token)).status).toBe(200);

    // Once the factor is removed (from aal2), aal1 is enough again.
    expect((await second.supabase.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    expect((await api('/v1/user', aal1)).status).toBe(200);
  });

  it('a user who never enrolled is let in at aal1 on every product route', async () => {
    const { access_token: token } = (await signedInByText(h, '+33611120002')).session;
    expect((await api('/v1/user', token)).status).toBe(200);
    expect((await api('/v1/business', token)).status).not.toBe(403);
  });
});
