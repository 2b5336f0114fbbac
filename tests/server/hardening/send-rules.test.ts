import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESEND_COOLDOWN_MS } from '../../../core/auth-codes';
import { buildTestApp, manualClock } from '../../helpers/app';

/**
 * #25 findings 4 and 5 on PGlite and (--project server-postgres) Postgres, where the burst really
 * runs on several connections at once: one send per recipient per cooldown is decided by the
 * database, and texts are bounded per client address, per account, per block of numbers, per country
 * and in total.
 */
describe('the send rule', () => {
  const clock = manualClock(new Date('2026-05-04T09:00:00Z'));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      clock,
      env: {
        SMS_PER_CLIENT_PER_HOUR: '6',
        SMS_PER_ACCOUNT_PER_HOUR: '4',
        SMS_PER_PREFIX_PER_HOUR: '5',
        SMS_PER_COUNTRY_PER_HOUR: '1000',
        SMS_PER_HOUR: '1000',
        SMS_COUNTRIES: 'FR,US',
      },
    });
  });
  afterAll(() => app.close());

  let visitor = 0;
  const from = () => `198.51.100.${(visitor++ % 250) + 1}`;
  const send = (phone: string, remoteAddress = from()) => app.inject({ method: 'POST', url: '/auth/v1/otp', remoteAddress, payload: { phone } });
  const liveCodes = async (recipient: string) =>
    (await app.db.selectFrom('auth_otps').select('id').where('recipient', '=', recipient).where('consumed_at', 'is', null).execute()).length;

  it('twelve sends to one phone at once: one text, one live code, eleven 429s with the wait', async () => {
    const phone = '+33611140001';
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(phone)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(11);
    for (const answer of refused) {
      expect(answer.json()).toMatchObject({ error_code: 'over_sms_send_rate_limit' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(50);
    }
    expect(await liveCodes(phone)).toBe(1);
    expect(await app.db.selectFrom('auth_outbox').select('id').where('recipient', '=', phone).execute()).toHaveLength(1);
    clock.advance(RESEND_COOLDOWN_MS);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('a used code frees the phone at once; a refusal by a budget gives the minute back', async () => {
    const phone = '+33611140002';
    const owner = '203.0.113.20';
    await send(phone, owner);
    const code = (await app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${encodeURIComponent(phone)}` })).json<{ messages: { code: string }[] }>().messages[0]!.code;
    expect((await app.inject({ method: 'POST', url: '/auth/v1/verify', remoteAddress: owner, payload: { type: 'sms', phone, token: code } })).statusCode).toBe(200);
    expect((await send(phone, owner)).statusCode).toBe(200);
  });

  it('one client address gets SMS_PER_CLIENT_PER_HOUR texts to fresh numbers, then 429 for the hour', async () => {
    const pumper = '203.0.113.30';
    const statuses: number[] = [];
    // Each number in a block of its own, so only the address's budget is at work.
    for (let n = 0; n < 9; n += 1) statuses.push((await send(`+130355${n}1234`, pumper)).statusCode);
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill(200));
    expect(statuses.slice(6)).toEqual(Array(3).fill(429));
    clock.advance(60 * 60_000);
    expect((await send('+13035559999', pumper)).statusCode).toBe(200);
  });

  it('fresh numbers of one block of 10,000 from many addresses stop at SMS_PER_PREFIX_PER_HOUR', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 8; n += 1) statuses.push((await send(`+3361115${String(n * 11).padStart(4, '0')}`)).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // Another block is not held back.
    expect((await send('+33611160000')).statusCode).toBe(200);
  });

  it('one account changing its phone again and again gets SMS_PER_ACCOUNT_PER_HOUR texts', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/auth/v1/signup', remoteAddress: from(), payload: {} });
    const token = anonymous.json<{ access_token: string }>().access_token;
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const answer = await app.inject({
        method: 'PUT',
        url: '/auth/v1/user',
        remoteAddress: from(),
        headers: { authorization: `Bearer ${token}` },
        payload: { phone: `+3361117${String(n * 1000 + 7).padStart(4, '0')}` },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('texts go only to the countries listed in SMS_COUNTRIES', async () => {
    const answer = await send('+447911123456');
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ error_code: 'sms_send_failed' });
    expect(await app.db.selectFrom('auth_outbox').select('id').where('recipient', '=', '+447911123456').execute()).toHaveLength(0);
  });
});
