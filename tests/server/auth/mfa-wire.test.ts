import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, manualClock } from '../../helpers/app';

/**
 * The MFA calls as supabase-js makes them for the SPA's two-step verification (src/platform/verification/mfa.ts),
 * where our answers differed from GoTrue's (/work/shared/reference contract, rows 10-11).
 */
describe('MFA wire: GoTrue conformance', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clock: manualClock(new Date('2026-03-02T09:00:00Z')) });
  });
  afterAll(() => app.close());

  // As supabase-js sends them: the API version header selects GoTrue's { code, message } error body.
  const json = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };
  async function signedIn(phone: string) {
    await app.inject({ method: 'POST', url: '/auth/v1/otp', payload: { phone } });
    const code = (await app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${encodeURIComponent(phone)}` })).json<{ messages: { code: string }[] }>().messages[0]!.code;
    const session = (await app.inject({ method: 'POST', url: '/auth/v1/verify', payload: { type: 'sms', phone, token: code } })).json<{ access_token: string }>();
    return { ...json, authorization: `Bearer ${session.access_token}` };
  }

  it('verify with an empty code answers 400 validation_failed "Code needs to be non-empty"', async () => {
    const headers = await signedIn('+33633330101');
    const factor = (await app.inject({ method: 'POST', url: '/auth/v1/factors', headers, payload: { factor_type: 'totp' } })).json<{ id: string }>();
    const challenge = (await app.inject({ method: 'POST', url: `/auth/v1/factors/${factor.id}/challenge`, headers, payload: { factorId: factor.id } })).json<{ id: string }>();
    const response = await app.inject({ method: 'POST', url: `/auth/v1/factors/${factor.id}/verify`, headers, payload: { challenge_id: challenge.id, code: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', message: 'Code needs to be non-empty' });
  });

  it('a factor id that is not a uuid answers 404 validation_failed (challenge, verify, unenrol)', async () => {
    const headers = await signedIn('+33633330102');
    for (const [method, url, payload] of [
      ['POST', '/auth/v1/factors/not-a-uuid/challenge', { factorId: 'not-a-uuid' }],
      ['POST', '/auth/v1/factors/not-a-uuid/verify', { challenge_id: '00000000-0000-4000-8000-000000000000', code: '123456' }],
      ['DELETE', '/auth/v1/factors/not-a-uuid', undefined],
    ] as const) {
      const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'validation_failed' });
    }
  });
});
