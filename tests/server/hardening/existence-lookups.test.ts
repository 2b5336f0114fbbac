import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, manualClock } from '../../helpers/app';

/**
 * #25 finding 2 on PGlite and Postgres: every answer that tells whether an email or a phone has an
 * account spends the one lookup budget (per client address and per account), whatever the answer,
 * so no route can be used to sweep a list. The owner's own proven address spends nothing.
 */
describe('the lookup budget', () => {
  const clock = manualClock(new Date('2026-06-01T09:00:00Z'));
  let app: FastifyInstance;
  const knownPhone = '+33611150001';
  const knownEmail = 'known.owner@ringwise-company.fr';
  let visitor = 0;
  const from = () => `198.51.100.${(visitor++ % 250) + 1}`;

  async function signIn(phone: string, remoteAddress = from()) {
    // The dev outbox lists the newest message first: a second send at the same instant would tie.
    clock.advance(1000);
    const sent = await app.inject({ method: 'POST', url: '/auth/v1/otp', remoteAddress, payload: { phone } });
    if (sent.statusCode !== 200) throw new Error(`send: ${sent.body}`);
    const code = (await app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${encodeURIComponent(phone)}` })).json<{ messages: { code: string }[] }>().messages[0]!.code;
    const verified = await app.inject({ method: 'POST', url: '/auth/v1/verify', remoteAddress, payload: { type: 'sms', phone, token: code } });
    if (verified.statusCode !== 200) throw new Error(`verify: ${verified.body}`);
    return verified.json<{ access_token: string }>().access_token;
  }
  const anonymousToken = async (remoteAddress = from()) =>
    (await app.inject({ method: 'POST', url: '/auth/v1/signup', remoteAddress, payload: {} })).json<{ access_token: string }>().access_token;

  beforeAll(async () => {
    app = await buildTestApp({ clock, env: { LOOKUPS_PER_CLIENT_PER_HOUR: '4', LOOKUPS_PER_ACCOUNT_PER_HOUR: '3' } });
    // A planted account with a proven phone and a proven email.
    await signIn(knownPhone);
    await app.db.updateTable('auth_users').set({ email: knownEmail, email_confirmed_at: clock.now() }).where('phone', '=', knownPhone).execute();
  });
  afterAll(() => app.close());

  it('/v1/signup/check: one address gets its budget of answers, known or not, then 429', async () => {
    const sweeper = '203.0.113.40';
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const email = n % 2 ? knownEmail : `nobody${n}@ringwise-company.fr`;
      statuses.push((await app.inject({ method: 'POST', url: '/v1/signup/check', remoteAddress: sweeper, payload: { email, phone: '+33611159999' } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('PATCH /v1/user {phone}: one token gets its account budget, then 429 for a known and an unknown number alike', async () => {
    const token = await anonymousToken();
    const patch = (number: string) =>
      app.inject({ method: 'PATCH', url: '/v1/user', remoteAddress: from(), headers: { authorization: `Bearer ${token}` }, payload: { phone: { number } } });
    expect((await patch(knownPhone)).json()).toMatchObject({ code: 'PHONE_ALREADY_EXISTS' });
    expect((await patch('+33611159998')).statusCode).toBe(200);
    expect((await patch(knownPhone)).statusCode).toBe(409);
    const over = [await patch(knownPhone), await patch('+33611159997')];
    expect(over.map((answer) => answer.statusCode)).toEqual([429, 429]);
    expect(over[0]!.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(over[0]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('fresh anonymous tokens from one address share the address budget', async () => {
    const address = '203.0.113.41';
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const token = await anonymousToken(address);
      const answer = await app.inject({ method: 'PATCH', url: '/v1/user', remoteAddress: address, headers: { authorization: `Bearer ${token}` }, payload: { email: knownEmail } });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([409, 409, 409, 409, 429, 429]);
  });

  it('/v1/signup/complete and PUT /auth/v1/user spend the same budget', async () => {
    const address = '203.0.113.42';
    const token = await anonymousToken(address);
    const auth = { authorization: `Bearer ${token}` };
    const complete = () => app.inject({ method: 'POST', url: '/v1/signup/complete', remoteAddress: address, headers: auth, payload: { email: knownEmail, landingPage: 'start' } });
    const change = (email: string) => app.inject({ method: 'PUT', url: '/auth/v1/user', remoteAddress: address, headers: auth, payload: { email } });
    expect((await complete()).json()).toMatchObject({ code: 'EMAIL_ALREADY_EXISTS' });
    expect((await change(knownEmail)).json()).toMatchObject({ error_code: 'email_exists' });
    expect((await complete()).statusCode).toBe(409);
    const over = await change('someone.new@ringwise-company.fr');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect((await complete()).statusCode).toBe(429);
  });

  it('a sign-in that may not create an account (create_user false) spends it too', async () => {
    const address = '203.0.113.43';
    const statuses: number[] = [];
    for (let n = 0; n < 5; n += 1) {
      const answer = await app.inject({ method: 'POST', url: '/auth/v1/otp', remoteAddress: address, payload: { email: `nobody${n}@ringwise-company.fr`, create_user: false } });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
  });

  it("the owner's own proven phone and email spend nothing", async () => {
    const address = '203.0.113.44';
    const token = await signIn(knownPhone, address);
    // Each sign-in above spent nothing (create_user is not false); the budget is whole.
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const answer = await app.inject({ method: 'PATCH', url: '/v1/user', remoteAddress: address, headers: { authorization: `Bearer ${token}` }, payload: { phone: { number: knownPhone } } });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual(Array(6).fill(200));
  });

  it('the budget is counted per hour', async () => {
    const sweeper = '203.0.113.40';
    expect((await app.inject({ method: 'POST', url: '/v1/signup/check', remoteAddress: sweeper, payload: { email: knownEmail } })).statusCode).toBe(429);
    clock.advance(60 * 60_000);
    expect((await app.inject({ method: 'POST', url: '/v1/signup/check', remoteAddress: sweeper, payload: { email: knownEmail } })).statusCode).toBe(200);
  });
});
