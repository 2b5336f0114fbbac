import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryForIp, isPublicIp } from '../../../server/geo/country';
import { buildTestApp } from '../../helpers/app';

describe('countryForIp', () => {
  it('finds public addresses in the shipped database', async () => {
    expect(await countryForIp('8.8.8.8')).toBe('US');
    expect(await countryForIp('81.2.69.142')).toBe('GB');
    expect(await countryForIp('::ffff:81.2.69.142')).toBe('GB');
    expect(await countryForIp('2a01:e0a::1')).toBe('FR');
  });

  it('gives no country for loopback, private and malformed addresses', async () => {
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.1.10', '172.20.0.5', 'fd00::1', 'not-an-ip', '']) {
      expect(isPublicIp(ip)).toBe(false);
      expect(await countryForIp(ip)).toBeNull();
    }
  });
});

describe('GET /geo/country', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // inject() connects from 127.0.0.1; trusted here on purpose (no proxy is trusted by default).
    app = await buildTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1,::1' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers XX in plain text for a loopback caller', async () => {
    const response = await app.inject({ method: 'GET', url: '/geo/country' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toBe('XX');
  });

  it('believes X-Forwarded-For from a trusted proxy', async () => {
    const response = await app.inject({ method: 'GET', url: '/geo/country', headers: { 'x-forwarded-for': '81.2.69.142' } });
    expect(response.body).toBe('GB');
  });

  it('ignores X-Forwarded-For from an untrusted peer', async () => {
    const untrusted = await buildTestApp({ env: { TRUSTED_PROXIES: '10.9.9.9' } });
    try {
      const response = await untrusted.inject({ method: 'GET', url: '/geo/country', headers: { 'x-forwarded-for': '81.2.69.142' } });
      expect(response.body).toBe('XX');
    } finally {
      await untrusted.close();
    }
  });
});
