import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInByText, totpAtClock } from '../../helpers/auth-client';
import { startAuthHarness, type AuthHarness } from '../auth/harness';

/**
 * #25 findings 1 and 7, with supabase-js against the real service (PGlite, and Postgres with
 * --project server-postgres): a first-factor session cannot plant a factor that later skips the
 * owner's second step, and a token older than its session's aal2 removes nothing.
 */
describe('the second step cannot be skipped', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(async () => h.close());

  const api = async (path: string, token: string, method = 'GET') =>
    (await fetch(`${h.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } })).status;

  /** The owner turns on an authenticator app; returns its factor id and secret and the aal2 client. */
  async function ownerTurnsOnApp(phone: string) {
    const owner = await signedInByText(h, phone);
    const app = (await owner.supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Owner app' })).data!;
    const challenge = (await owner.supabase.auth.mfa.challenge({ factorId: app.id })).data!;
    const verified = await owner.supabase.auth.mfa.verify({ factorId: app.id, challengeId: challenge.id, code: await totpAtClock(h, app.totp.secret) });
    expect(verified.error).toBeNull();
    return { owner, factorId: app.id, secret: app.totp.secret };
  }

  it('a phone factor planted at aal1 before the owner turns on an app is gone once the app is verified', async () => {
    const phone = '+33611130001';
    const attacker = await signedInByText(h, phone);
    const planted = await attacker.supabase.auth.mfa.enroll({ factorType: 'phone', phone: '+33611139999' });
    expect(planted.error).toBeNull();

    h.clock.advance(61_000);
    const { factorId } = await ownerTurnsOnApp(phone);

    const factors = await h.app.db.selectFrom('auth_factors').select(['id', 'status']).where('id', '=', planted.data!.id).execute();
    expect(factors).toEqual([]);

    // A new first-factor sign-in by the attacker: neither the planted factor nor a fresh one works.
    h.clock.advance(61_000);
    const again = await signedInByText(h, phone);
    expect((await again.supabase.auth.mfa.challenge({ factorId: planted.data!.id })).error?.code).toBe('mfa_factor_not_found');
    const fresh = await again.supabase.auth.mfa.enroll({ factorType: 'phone', phone: '+33611139998' });
    expect(fresh.error?.code).toBe('insufficient_aal');
    expect(await api('/v1/user', again.session.access_token)).toBe(403);
    expect((await again.supabase.auth.mfa.unenroll({ factorId })).error?.code).toBe('insufficient_aal');
  });

  it('a factor left unverified next to a verified one cannot be challenged, verified or removed at aal1', async () => {
    const phone = '+33611130002';
    const { factorId } = await ownerTurnsOnApp(phone);
    // The only way to have both now: a row written as an older version of the service would have
    // left it (an enrolment abandoned before this rule): the rule must hold for it too.
    const user = await h.app.db.selectFrom('auth_users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    const now = h.clock.now();
    const legacy = await h.app.db
      .insertInto('auth_factors')
      .values({ user_id: user.id, factor_type: 'phone', friendly_name: null, phone: '+33611139997', secret: null, last_totp_step: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();

    h.clock.advance(61_000);
    const attacker = await signedInByText(h, phone);
    const challenge = await attacker.supabase.auth.mfa.challenge({ factorId: legacy.id });
    expect(challenge.error?.code).toBe('insufficient_aal');
    const verify = await fetch(`${h.url}/auth/v1/factors/${legacy.id}/verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${attacker.session.access_token}`, apikey: h.key, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ challenge_id: '00000000-0000-4000-8000-000000000000', code: '123456' }),
    });
    expect(verify.status).toBe(403);
    expect(((await verify.json()) as { code: string }).code).toBe('insufficient_aal');
    expect((await attacker.supabase.auth.mfa.unenroll({ factorId: legacy.id })).error?.code).toBe('insufficient_aal');
    expect(await h.app.db.selectFrom('auth_factors').select('id').where('id', 'in', [legacy.id, factorId]).execute()).toHaveLength(2);
  });

  it('an access token issued before its session reached aal2 cannot remove the verified factor', async () => {
    const phone = '+33611130003';
    const owner = await signedInByText(h, phone);
    const staleAal1 = owner.session.access_token;
    const app = (await owner.supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'App' })).data!;
    const challenge = (await owner.supabase.auth.mfa.challenge({ factorId: app.id })).data!;
    expect((await owner.supabase.auth.mfa.verify({ factorId: app.id, challengeId: challenge.id, code: await totpAtClock(h, app.totp.secret) })).error).toBeNull();

    // Same session (now aal2 in the database), the token of before: refused like any aal1 token.
    const removal = await fetch(`${h.url}/auth/v1/factors/${app.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${staleAal1}`, apikey: h.key, 'x-supabase-api-version': '2024-01-01' } });
    expect(removal.status).toBe(422);
    expect(((await removal.json()) as { code: string }).code).toBe('insufficient_aal');
    expect(await api('/v1/user', staleAal1)).toBe(403);
    expect(await h.app.db.selectFrom('auth_factors').select('id').where('id', '=', app.id).execute()).toHaveLength(1);
  });
});
