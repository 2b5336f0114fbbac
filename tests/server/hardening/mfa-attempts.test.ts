import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTOR_VERIFY_LIMIT } from '../../../server/auth/factor-attempts';
import { buildTestApp, manualClock } from '../../helpers/app';

/**
 * #12 findings 4 and 7, on PGlite and (with --project server-postgres) on Postgres: TOTP tries are
 * limited per factor in the database (new challenges do not reset them), and concurrent verifies of
 * one challenge cannot check more codes than it allows.
 */
describe('MFA verification tries', () => {
  const clock = manualClock(new Date('2026-03-02T09:00:00Z'));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clock });
  });
  afterAll(() => app.close());

  let address = 0;
  const nextAddress = () => `198.51.100.${(address++ % 250) + 1}`;
  const json = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };

  async function signedInWithTotp(phone: string) {
    const ip = nextAddress();
    await app.inject({ method: 'POST', url: '/auth/v1/otp', remoteAddress: ip, payload: { phone } });
    const outbox = await app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${encodeURIComponent(phone)}` });
    const code = outbox.json<{ messages: { code: string }[] }>().messages[0]!.code;
    const session = (await app.inject({ method: 'POST', url: '/auth/v1/verify', remoteAddress: ip, payload: { type: 'sms', phone, token: code } })).json<{ access_token: string }>();
    const headers = { ...json, authorization: `Bearer ${session.access_token}` };
    const factor = (await app.inject({ method: 'POST', url: '/auth/v1/factors', remoteAddress: nextAddress(), headers, payload: { factor_type: 'totp' } })).json<{ id: string; totp: { secret: string } }>();
    return { headers, factor };
  }

  const challenge = async (headers: Record<string, string>, factorId: string, remoteAddress: string) =>
    (await app.inject({ method: 'POST', url: `/auth/v1/factors/${factorId}/challenge`, remoteAddress, headers, payload: {} })).json<{ id: string }>().id;
  const verify = (headers: Record<string, string>, factorId: string, challengeId: string, code: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: `/auth/v1/factors/${factorId}/verify`, remoteAddress, headers, payload: { challenge_id: challengeId, code } });
  const totpNow = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  const wrongFor = async (secret: string) => ((await totpNow(secret)) === '000000' ? '111111' : '000000');

  it(`a factor allows ${FACTOR_VERIFY_LIMIT.limit} tries per window across fresh challenges; the owner gets in after the window`, async () => {
    const { headers, factor } = await signedInWithTotp('+33622220001');
    const statuses: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const ip = nextAddress();
      const id = await challenge(headers, factor.id, ip);
      for (let guess = 0; guess < 4; guess += 1) statuses.push((await verify(headers, factor.id, id, await wrongFor(factor.totp.secret), ip)).statusCode);
    }
    expect(statuses.filter((status) => status === 422)).toHaveLength(FACTOR_VERIFY_LIMIT.limit);
    expect(statuses.slice(FACTOR_VERIFY_LIMIT.limit).every((status) => status === 429)).toBe(true);

    const ip = nextAddress();
    const refused = await verify(headers, factor.id, await challenge(headers, factor.id, ip), await totpNow(factor.totp.secret), ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    clock.advance(FACTOR_VERIFY_LIMIT.windowMs);
    const later = nextAddress();
    const owner = await verify(headers, factor.id, await challenge(headers, factor.id, later), await totpNow(factor.totp.secret), later);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toHaveProperty('access_token');
  });

  it('12 concurrent verifies of one challenge check at most 5 codes', async () => {
    clock.advance(60_000);
    const { headers, factor } = await signedInWithTotp('+33622220002');
    const ip = nextAddress();
    const id = await challenge(headers, factor.id, ip);
    const wrong = await wrongFor(factor.totp.secret);
    const answers = await Promise.all(Array.from({ length: 12 }, () => verify(headers, factor.id, id, wrong, ip)));
    const codes = answers.map((answer) => answer.json<{ code: string }>().code);
    expect(codes.filter((code) => code === 'mfa_verification_failed').length).toBeLessThanOrEqual(5);
    const row = await app.db.selectFrom('auth_challenges').select('attempts').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.attempts).toBeLessThanOrEqual(5);
  });
});
