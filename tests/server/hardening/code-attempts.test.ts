import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX_WRONG_TRIES } from '../../../core/auth-codes';
import { buildTestApp, manualClock } from '../../helpers/app';

/**
 * #12 findings 7 and 11 and #25 finding 11, on PGlite and (with --project server-postgres) on
 * Postgres: a code allows CODE_MAX_WRONG_TRIES checks from the client that asked for it and as many
 * from everyone else, even under a concurrent burst; other clients' wrong guesses never spend the
 * owner's code, so the owner signs in with the code already on their phone.
 */
describe('sign-in code attempts', () => {
  const clock = manualClock(new Date('2026-03-02T09:00:00Z'));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clock });
  });
  afterAll(() => app.close());

  let visitor = 0;
  /** Each request from its own client address (TRUSTED_PROXIES is empty: the socket address counts). */
  const from = () => `198.51.100.${(visitor++ % 250) + 1}`;
  const send = (phone: string, remoteAddress = from()) => app.inject({ method: 'POST', url: '/auth/v1/otp', remoteAddress, payload: { phone } });
  const verify = (phone: string, token: string, remoteAddress = from()) =>
    app.inject({ method: 'POST', url: '/auth/v1/verify', remoteAddress, headers: { 'x-supabase-api-version': '2024-01-01' }, payload: { type: 'sms', phone, token } });
  const latestCode = async (phone: string) =>
    (await app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${encodeURIComponent(phone)}` })).json<{ messages: { code: string }[] }>().messages[0]!.code;
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('14 concurrent wrong guesses from other clients take exactly their pool; the owner still signs in with the same code', async () => {
    const phone = '+33611110001';
    const owner = '203.0.113.10';
    expect((await send(phone, owner)).statusCode).toBe(200);
    const code = await latestCode(phone);
    const answers = await Promise.all(Array.from({ length: 14 }, () => verify(phone, wrong(code))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(14).fill(403));
    const row = await app.db.selectFrom('auth_otps').select(['attempts', 'other_attempts', 'consumed_at']).where('recipient', '=', phone).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 0, other_attempts: CODE_MAX_WRONG_TRIES, consumed_at: null });
    // The right code from yet another client: that pool is empty.
    const stranger = await verify(phone, code);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'otp_expired' });
    const signedIn = await verify(phone, code, owner);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toHaveProperty('access_token');
  });

  it("the owner's own wrong tries kill the code after CODE_MAX_WRONG_TRIES", async () => {
    const phone = '+33611110005';
    const owner = '203.0.113.11';
    await send(phone, owner);
    const code = await latestCode(phone);
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(phone, wrong(code), owner)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(403));
    const row = await app.db.selectFrom('auth_otps').select(['attempts', 'consumed_at']).where('recipient', '=', phone).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(CODE_MAX_WRONG_TRIES);
    expect(row.consumed_at).not.toBeNull();
    expect((await verify(phone, code, owner)).statusCode).toBe(403);
  });

  it('the right code among a concurrent burst is accepted only if it was among the allowed tries', async () => {
    const phone = '+33611110002';
    await send(phone);
    const code = await latestCode(phone);
    const answers = await Promise.all([...Array.from({ length: 14 }, () => verify(phone, wrong(code))), verify(phone, code)]);
    const row = await app.db.selectFrom('auth_otps').select(['attempts', 'other_attempts']).where('recipient', '=', phone).executeTakeFirstOrThrow();
    const checked = row.attempts + row.other_attempts;
    expect(checked).toBeLessThanOrEqual(2 * CODE_MAX_WRONG_TRIES);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeLessThanOrEqual(1);
  });

  it('after 15 wrong guesses from an attacker, the owner signs in with the code already sent (no new code, no wait)', async () => {
    const phone = '+33611110003';
    const owner = '203.0.113.50';
    await send(phone, owner);
    const attacker = '198.51.100.250';
    for (let guess = 0; guess < 15; guess += 1) {
      const answer = await verify(phone, String(100_000 + guess), attacker);
      expect([403, 429]).toContain(answer.statusCode);
    }
    const signedIn = await verify(phone, await latestCode(phone), owner);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toHaveProperty('access_token');
  });

  it('one client guessing across fresh codes of one account is slowed down (429) while the owner is not', async () => {
    const phone = '+33611110004';
    const attacker = '198.51.100.251';
    let refused = 0;
    for (let round = 0; round < 3; round += 1) {
      await send(phone, '203.0.113.60');
      for (let guess = 0; guess < 5; guess += 1) if ((await verify(phone, String(200_000 + round * 10 + guess), attacker)).statusCode === 429) refused += 1;
      clock.advance(61_000);
    }
    expect(refused).toBeGreaterThan(0);
    await send(phone, '203.0.113.60');
    expect((await verify(phone, await latestCode(phone), '203.0.113.60')).statusCode).toBe(200);
  });
});
