import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, manualClock } from '../../helpers/app';
import { createValidatedUser } from './helpers';

/**
 * GET /v1/subscription/promotion (#37.1): the paywall learns the percent the checkout will apply to
 * the custom_code it carries, by the same lookup as the checkout session, and only when signed in.
 */
describe('the paywall’s promotion', () => {
  const clock = manualClock(new Date('2026-03-02T09:00:00Z'));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await app.close();
  });
  const url = (code: string) => `/v1/subscription/promotion?code=${encodeURIComponent(code)}`;

  it('answers the checkout’s promotion for a code, a note for an unknown, expired or malformed one', async () => {
    const user = await createValidatedUser(app);
    const valid = await app.inject({ method: 'GET', url: url(' welcome10 '), headers: user.headers });
    expect(valid.json()).toEqual({ promotion: { code: 'WELCOME10', percentOff: 10 }, note: null });
    expect((await app.inject({ method: 'GET', url: url('NOPE'), headers: user.headers })).json()).toEqual({ promotion: null, note: 'PROMOTION_NOT_FOUND' });
    expect((await app.inject({ method: 'GET', url: url('<script>'), headers: user.headers })).json()).toEqual({ promotion: null, note: 'PROMOTION_NOT_FOUND' });
    await app.db.insertInto('promotions').values({ code: 'OLD20', percent_off: 20, valid_until: new Date('2026-01-01T00:00:00Z') }).execute();
    expect((await app.inject({ method: 'GET', url: url('OLD20'), headers: user.headers })).json()).toEqual({ promotion: null, note: 'PROMOTION_EXPIRED' });
    const tooLong = await app.inject({ method: 'GET', url: url('A'.repeat(65)), headers: user.headers });
    expect(tooLong.statusCode).toBe(400);
  });

  it('is not a code oracle for strangers: signed-out asks are refused', async () => {
    const response = await app.inject({ method: 'GET', url: url('WELCOME10') });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
