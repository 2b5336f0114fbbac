import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLimitMessage } from '../../../core/auth-codes';
import { priceSendWork, workOfLevel } from '../../../server/auth/send-rules';
import { SEND_WORK } from '../../../server/auth/rate-limit';
import { buildTestApp, manualClock } from '../../helpers/app';

/**
 * #34.3 (decision 1000): budgets that tell people from bots. Unproven texts stop at caps per address,
 * block, country and in total, with an address's first text of the hour on caps of its own; proven
 * texts (a signed-in account, a number an account proved) spend a budget unproven traffic cannot
 * touch; and a budget's refusal is not the cooldown (core/auth-codes.ts).
 */
describe('send budgets', () => {
  const clock = manualClock(new Date('2026-05-04T09:00:00Z'));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      clock,
      env: {
        SMS_PER_CLIENT_PER_HOUR: '60',
        SMS_PER_ACCOUNT_PER_HOUR: '10',
        SMS_PER_PREFIX_PER_HOUR: '100000',
        SMS_PER_COUNTRY_PER_HOUR: '6',
        SMS_PER_HOUR: '8',
        SMS_FIRST_PER_COUNTRY_PER_HOUR: '55',
        SMS_FIRST_PER_HOUR: '100000',
        SMS_PROVEN_PER_HOUR: '100000',
      },
    });
  });
  afterAll(() => app.close());

  let numberSeed = 1000;
  /** A fresh French mobile number of a block of its own. */
  const fresh = () => `+336${String(numberSeed++).padStart(4, '0')}1234`;
  const send = (phone: string, remoteAddress: string) => app.inject({ method: 'POST', url: '/auth/v1/otp', remoteAddress, payload: { phone } });

  it('a botnet pumping France spends the repeat caps; a person whose address is new this hour still gets a code', async () => {
    const bots = ['198.51.100.1', '198.51.100.2'];
    const answers = [];
    for (let n = 0; n < 10; n += 1) answers.push(await send(fresh(), bots[n % 2]!));
    // Each bot's first text went on the first-text cap, then six repeats to France: 8 of 10.
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(8);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3000);
    expect(refused.json()).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: requestLimitMessage(wait) });
    // A person in France, from an address of their own: their first text of the hour.
    expect((await send(fresh(), '203.0.113.77')).statusCode).toBe(200);
  });

  it('an account whose number is proven signs in when every unproven cap is spent', async () => {
    // The owner proved their number earlier (this sign-in spent an unproven first text, as any does).
    const phone = fresh();
    expect((await send(phone, '203.0.113.90')).statusCode).toBe(200);
    const code = (await app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${encodeURIComponent(phone)}` })).json<{ messages: { code: string }[] }>().messages[0]!.code;
    expect((await app.inject({ method: 'POST', url: '/auth/v1/verify', remoteAddress: '203.0.113.90', payload: { type: 'sms', phone, token: code } })).statusCode).toBe(200);
    clock.advance(61_000);
    // Unproven texts to France are refused now (repeat cap spent above)...
    const stranger = await send(fresh(), '198.51.100.1');
    expect(stranger.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
    // ...but the owner's sign-in code goes out, from the same botnet's address even.
    expect((await send(phone, '198.51.100.1')).statusCode).toBe(200);
  });

  it('the cooldown is its own refusal: the last code still works, wait under a minute', async () => {
    const phone = fresh();
    await send(phone, '203.0.113.91');
    const again = await send(phone, '203.0.113.91');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ error_code: 'over_sms_send_rate_limit', msg: expect.stringMatching(/^For security purposes, you can only request this after \d+ seconds\.$/) });
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});

describe('send budgets at their defaults', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The test harness's roomy budgets put back to the defaults (server/config/env.ts).
    app = await buildTestApp({ env: { SMS_PER_CLIENT_PER_HOUR: '60', SMS_PER_ACCOUNT_PER_HOUR: '10', SMS_PER_PREFIX_PER_HOUR: '20', SMS_PER_COUNTRY_PER_HOUR: '200', SMS_PER_HOUR: '1000' } });
  });
  afterAll(() => app.close());
  const send = (phone: string, remoteAddress: string) => app.inject({ method: 'POST', url: '/auth/v1/otp', remoteAddress, payload: { phone } });

  it('an office of 50 behind one address: everyone gets their code, each paying more work than the last', async () => {
    const office = '192.0.2.50';
    const prices: number[] = [];
    const statuses: number[] = [];
    for (let person = 0; person < 50; person += 1) {
      prices.push((await priceSendWork(app.authService, { ip: office, country: 'US' })).maxNumber);
      statuses.push((await send(`+1303${200 + person}1234`, office)).statusCode);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(prices[0]).toBe(SEND_WORK.baseMaxNumber);
    // The 50th person pays 16 times the first (four doublings past 5 texts), plus the hour's pressure.
    expect(prices[49]).toBeGreaterThanOrEqual(workOfLevel(4, SEND_WORK.baseMaxNumber));
    expect(prices[49]).toBeLessThanOrEqual(workOfLevel(4 + SEND_WORK.maxSharedLevel, SEND_WORK.baseMaxNumber));
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });

});
