import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';

/**
 * #12 finding 3: no proxy is trusted unless TRUSTED_PROXIES names it, so a client on the same host
 * (or behind a proxy that passes the header through) cannot pick its own address for the per-IP
 * limits by sending X-Forwarded-For.
 */
describe('trusted proxies', () => {
  it('by default X-Forwarded-For from loopback is ignored: a per-IP limit holds across invented addresses', async () => {
    const app = await buildTestApp();
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 32; index += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/auth/v1/verify',
          headers: { 'x-forwarded-for': `203.0.113.${index + 1}` },
          payload: { type: 'sms', phone: `+336123400${String(index).padStart(2, '0')}`, token: '123456' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30).every((status) => status === 403)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
      expect((await app.inject({ method: 'GET', url: '/geo/country', headers: { 'x-forwarded-for': '81.2.69.142' } })).body).toBe('XX');
    } finally {
      await app.close();
    }
  });

  it('a proxy named in TRUSTED_PROXIES is believed', async () => {
    const app = await buildTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
    try {
      expect((await app.inject({ method: 'GET', url: '/geo/country', headers: { 'x-forwarded-for': '81.2.69.142' } })).body).toBe('GB');
    } finally {
      await app.close();
    }
  });
});
