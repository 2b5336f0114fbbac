import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, manualClock } from '../../helpers/app';
import { createUser } from '../onboarding/users';
import { startAuthHarness, type AuthHarness } from './harness';

/** A port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

// The "Supabase project" is a second instance of our auth service on a real port: it speaks the
// same GoTrue API and publishes its keys at /auth/v1/.well-known/jwks.json, as a project does.
describe('product routes when the SPA signs in with a Supabase project (SUPABASE_URL)', () => {
  const clock = manualClock(new Date());
  let project: AuthHarness;
  let product: FastifyInstance;
  let token: string;
  let userId: string;
  const email = `owner-${Date.now()}@acme-widgets.com`;

  beforeAll(async () => {
    project = await startAuthHarness();
    product = await buildTestApp({
      clock,
      env: { SUPABASE_URL: project.url, SUPABASE_PUBLISHABLE_KEY: project.key, SUPABASE_JWT_ISSUER: project.app.authService.issuer },
    });
    const client = project.client();
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const { data, error } = await client.auth.verifyOtp({ email, token: await project.latestCode(email), type: 'email' });
    expect(error).toBeNull();
    token = data.session!.access_token;
    userId = data.user!.id;
  });
  afterAll(async () => {
    await product.close();
    await project.close();
  });

  it("accepts the project's access token and keeps the user's row for the product's own records", async () => {
    const me = await product.inject({ method: 'GET', url: '/v1/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: userId, is_anonymous: false, profile: { email } });
    const shadow = await product.db.selectFrom('auth_users').select(['id', 'email', 'is_anonymous', 'email_confirmed_at']).where('id', '=', userId).executeTakeFirst();
    expect(shadow).toMatchObject({ id: userId, email, is_anonymous: false });
    expect(shadow!.email_confirmed_at).toBeInstanceOf(Date);

    const named = await product.inject({ method: 'PATCH', url: '/v1/user', headers: { authorization: `Bearer ${token}` }, payload: { first_name: 'Ada', last_name: 'Lovelace' } });
    expect(named.statusCode).toBe(200);
    const again = await product.inject({ method: 'GET', url: '/v1/user', headers: { authorization: `Bearer ${token}` } });
    expect(again.json()).toMatchObject({ profile: { first_name: 'Ada', last_name: 'Lovelace', email } });
  });

  it('knows a number confirmed at the project as verified (the funnel skips verify-phone, the legitimacy check passes it)', async () => {
    const phone = '+33611223344';
    const client = project.client();
    expect((await client.auth.signInWithOtp({ phone })).error).toBeNull();
    const { data } = await client.auth.verifyOtp({ phone, token: await project.latestCode(phone), type: 'sms' });
    const headers = { authorization: `Bearer ${data.session!.access_token}` };
    const saved = await product.inject({ method: 'PATCH', url: '/v1/user', headers, payload: { phone: { number: phone } } });
    expect(saved.statusCode).toBe(200);
    const me = await product.inject({ method: 'GET', url: '/v1/user', headers });
    expect(me.json()).toMatchObject({ profile: { phone, phone_verified: true } });
  });

  it('refuses tokens of the built-in auth service, altered tokens and expired ones', async () => {
    const local = await createUser(product);
    const ownToken = await product.inject({ method: 'GET', url: '/v1/user', headers: local.headers });
    expect(ownToken.statusCode).toBe(401);
    expect(ownToken.json()).toMatchObject({ code: 'INVALID_TOKEN' });

    const [header, payload] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: local.id })).toString('base64url');
    const altered = await product.inject({ method: 'GET', url: '/v1/user', headers: { authorization: `Bearer ${header}.${forged}.${token.split('.')[2]}` } });
    expect(altered.statusCode).toBe(401);
    expect(altered.json()).toMatchObject({ code: 'INVALID_TOKEN' });

    const none = await product.inject({ method: 'GET', url: '/v1/user' });
    expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    clock.advance(2 * 60 * 60 * 1000);
    try {
      const expired = await product.inject({ method: 'GET', url: '/v1/user', headers: { authorization: `Bearer ${token}` } });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    } finally {
      clock.set(new Date());
    }
  });

  it('answers 503 AUTH_UNAVAILABLE, not 401, when the project cannot be reached', async () => {
    const cutOff = await buildTestApp({
      env: { SUPABASE_URL: `http://127.0.0.1:${await closedPort()}`, SUPABASE_JWT_ISSUER: project.app.authService.issuer },
    });
    try {
      const response = await cutOff.inject({ method: 'GET', url: '/v1/user', headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'AUTH_UNAVAILABLE' });
    } finally {
      await cutOff.close();
    }
  });
});
