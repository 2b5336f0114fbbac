import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, manualClock } from '../../helpers/app';

/** The last wire differences from GoTrue (issue #12), as a client sees them. */
describe('GoTrue wire compatibility', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clock: manualClock(new Date('2026-03-02T09:00:00Z')) });
  });
  afterAll(() => app.close());

  const versioned = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };
  const codeFor = async (recipient: string) =>
    (await app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}` })).json<{ messages: { code: string }[] }>().messages[0]!.code;

  it('an unknown grant_type answers 400 invalid_credentials (auth-js maps it)', async () => {
    const response = await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', headers: versioned, payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });

  it('one 60 s clock per kind: /recover right after a sign-in code was sent', async () => {
    const email = 'kinds@ringwise.test';
    await app.inject({ method: 'POST', url: '/auth/v1/otp', payload: { email } });
    await app.inject({ method: 'POST', url: '/auth/v1/verify', payload: { type: 'email', email, token: await codeFor(email) } });
    expect((await app.inject({ method: 'POST', url: '/auth/v1/otp', payload: { email } })).statusCode).toBe(200);
    const recover = await app.inject({ method: 'POST', url: '/auth/v1/recover', headers: versioned, payload: { email } });
    expect(recover.statusCode).toBe(200);
    // The same kind still waits.
    const again = await app.inject({ method: 'POST', url: '/auth/v1/recover', headers: versioned, payload: { email } });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'over_email_send_rate_limit' });
  });

  it('verify with an unknown challenge id answers 422 mfa_factor_not_found', async () => {
    const phone = '+33633330001';
    await app.inject({ method: 'POST', url: '/auth/v1/otp', payload: { phone } });
    const session = (await app.inject({ method: 'POST', url: '/auth/v1/verify', payload: { type: 'sms', phone, token: await codeFor(phone) } })).json<{ access_token: string }>();
    const headers = { ...versioned, authorization: `Bearer ${session.access_token}` };
    const factor = (await app.inject({ method: 'POST', url: '/auth/v1/factors', headers, payload: { factor_type: 'totp' } })).json<{ id: string }>();
    const response = await app.inject({ method: 'POST', url: `/auth/v1/factors/${factor.id}/verify`, headers, payload: { challenge_id: '00000000-0000-4000-8000-000000000000', code: '123456' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'mfa_factor_not_found' });
  });
});
