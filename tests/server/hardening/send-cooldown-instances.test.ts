import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESEND_COOLDOWN_MS } from '../../../core/auth-codes';
import { buildApp } from '../../../server/app';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { parseEnv } from '../../../server/config/env';
import { manualClock } from '../../helpers/app';
import { createTestDatabase } from '../../helpers/database';
import { roomyLimits } from '../../helpers/roomy-limits';

/**
 * #34.3: "one send per recipient per 60 s" holds once across two instances sharing one database
 * (--project server-postgres: two pools on one Postgres database, each instance with its own clock,
 * the rate-limit windows in the database). Twelve sends to one phone at once, half on each
 * instance, in rounds: after the cooldown, right after the code was used, and with the instances'
 * clocks a little apart (real servers' clocks never agree to the millisecond).
 */
describe('the 60 s cooldown across two instances', () => {
  const start = new Date();
  const clocks = [manualClock(start), manualClock(new Date(start.getTime() + 350))];
  let shared: DatabaseHandle & { url?: string };
  let second: DatabaseHandle | null = null;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    shared = await createTestDatabase();
    second = shared.url ? openDatabase({ kind: 'postgres', url: shared.url }) : null;
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_PROVIDER: 'off', RATE_LIMIT_STORE: 'database', AUTH_SECRET: 'x'.repeat(40), ...roomyLimits });
    const handles = [shared, second ?? shared];
    for (const [index, database] of handles.entries()) {
      const app = await buildApp({ env, database, logger: pino({ level: 'silent' }), clock: clocks[index]!, ownsDatabase: false });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await shared.close();
  });

  let visitor = 0;
  const send = (phone: string, index: number) =>
    apps[index % 2]!.inject({ method: 'POST', url: '/auth/v1/otp', remoteAddress: `198.51.100.${(visitor++ % 250) + 1}`, payload: { phone } });
  const texts = async (phone: string) => (await shared.db.selectFrom('auth_outbox').select('id').where('recipient', '=', phone).execute()).length;
  const codesTo = async (phone: string) => (await shared.db.selectFrom('auth_outbox').select('code').where('recipient', '=', phone).execute()).map((row) => row.code);
  const advance = (ms: number) => clocks.forEach((clock) => clock.advance(ms));
  const burst = async (phone: string) => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => send(phone, index)));
    return { accepted: answers.filter((answer) => answer.statusCode === 200).length, cooldowns: answers.filter((answer) => answer.json<{ error_code?: string }>().error_code === 'over_sms_send_rate_limit').length };
  };

  it('eight rounds of twelve concurrent sends to one phone, the last code used meanwhile: one text each round', async () => {
    const phone = '+33611150001';
    const perRound: number[] = [];
    let previous: string | null = null;
    for (let round = 0; round < 8; round += 1) {
      const before = await codesTo(phone);
      // The person types the last code while the burst arrives (it is still live: it was never used).
      const typed = previous ? apps[(round + 1) % 2]!.inject({ method: 'POST', url: '/auth/v1/verify', remoteAddress: '203.0.113.8', payload: { type: 'sms', phone, token: previous } }) : null;
      const { accepted, cooldowns } = await burst(phone);
      await typed;
      expect(accepted + cooldowns).toBe(12);
      const fresh = (await codesTo(phone)).filter((code) => !before.includes(code));
      perRound.push(fresh.length);
      previous = fresh[0] ?? null;
      // The later instance's clock passes the cooldown first: the earlier one must still see it held.
      advance(RESEND_COOLDOWN_MS + 1_000);
    }
    expect(perRound).toEqual(Array(8).fill(1));
  });

  it('right after the code is used, twelve sends at once give one new text, on either instance', async () => {
    const phone = '+33611150002';
    const codes = () => codesTo(phone);
    for (let round = 0; round < 4; round += 1) {
      const before = await codes();
      expect((await burst(phone)).accepted).toBe(1);
      // The new text (the instances' clocks differ, so its time does not say which is newest).
      const fresh = (await codes()).filter((code) => !before.includes(code));
      expect(fresh).toHaveLength(1);
      const verified = await apps[round % 2]!.inject({ method: 'POST', url: '/auth/v1/verify', remoteAddress: '203.0.113.9', payload: { type: 'sms', phone, token: fresh[0] } });
      expect(verified.statusCode).toBe(200);
    }
  });
  it('a code used while a newer send holds the phone does not hand that minute to the next send', async () => {
    // The account changing its phone to P gets a phone_change code; a minute later someone asks a
    // sign-in code for P (the slot is theirs now); then the phone_change code is used.
    const own = '+33611150003';
    const phone = '+33611150004';
    await apps[0]!.inject({ method: 'POST', url: '/auth/v1/otp', remoteAddress: '203.0.113.10', payload: { phone: own } });
    const ownCode = (await shared.db.selectFrom('auth_outbox').select('code').where('recipient', '=', own).executeTakeFirstOrThrow()).code;
    const session = await apps[0]!.inject({ method: 'POST', url: '/auth/v1/verify', remoteAddress: '203.0.113.10', payload: { type: 'sms', phone: own, token: ownCode } });
    const token = session.json<{ access_token: string }>().access_token;
    const change = await apps[0]!.inject({ method: 'PUT', url: '/auth/v1/user', remoteAddress: '203.0.113.10', headers: { authorization: `Bearer ${token}` }, payload: { phone } });
    expect(change.statusCode).toBe(200);
    const changeCode = (await shared.db.selectFrom('auth_outbox').select('code').where('recipient', '=', phone).executeTakeFirstOrThrow()).code;
    advance(RESEND_COOLDOWN_MS + 1_000);
    expect((await send(phone, 1)).statusCode).toBe(200);
    const used = await apps[0]!.inject({ method: 'POST', url: '/auth/v1/verify', remoteAddress: '203.0.113.10', payload: { type: 'phone_change', phone, token: changeCode } });
    expect(used.statusCode).toBe(200);
    const next = await send(phone, 0);
    expect(next.statusCode).toBe(429);
    expect(next.json()).toMatchObject({ error_code: 'over_sms_send_rate_limit' });
    expect(await texts(phone)).toBe(2);
  });
});
