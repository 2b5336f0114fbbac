import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';

/**
 * #12 finding 6: a deployment that forgets NODE_ENV=production must not show the dev outbox (every
 * code) or the team's pages to anyone but this machine. `inject` connects from 127.0.0.1; a remote
 * client is simulated by its socket address, a same-host proxy by a forwarding header.
 */
describe('development-only routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ env: { NODE_ENV: 'development' } });
  });
  afterAll(() => app.close());

  const pages = ['/dev/outbox.json', '/dev/outbox', '/admin/bookings', '/admin/bookings.json', '/admin/funnel', '/admin/funnel.json', '/admin/kyc/reviews', '/admin/analytics/events.json'];

  it.each(pages)('%s answers a local request without forwarding headers', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(400);
  });

  it.each(pages)('%s refuses a request that came through a proxy on this host', async (url) => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host']) {
      const response = await app.inject({ method: 'GET', url, headers: { [header]: header === 'forwarded' ? 'for=203.0.113.7' : '203.0.113.7' } });
      expect(response.statusCode, `${url} with ${header}`).toBeGreaterThanOrEqual(401);
      expect(response.statusCode).toBeLessThan(404);
    }
  });

  it.each(pages)('%s refuses a client on another machine', async (url) => {
    const response = await app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
    expect(response.statusCode).toBeGreaterThanOrEqual(401);
    expect(response.statusCode).toBeLessThan(404);
  });

  it('the dev outbox answers 403 DEV_ONLY', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/outbox.json', remoteAddress: '198.51.100.1' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'DEV_ONLY' });
  });
});
