import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';

const directives = (header: string | string[] | number | undefined) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );

/** #12 finding 5: security headers on every answer, a CSP that allows only what the site loads. */
describe('security headers', () => {
  it('outside production: a strict CSP, no framing, nosniff, no referrer, no HSTS', async () => {
    const app = await buildTestApp();
    try {
      for (const url of ['/config.json', '/healthz', '/auth/v1/settings', '/dev/outbox', '/no-such-api/x']) {
        const response = await app.inject({ method: 'GET', url });
        const csp = directives(response.headers['content-security-policy']);
        expect(csp['script-src'], url).toEqual(["'self'"]);
        expect(csp['frame-ancestors']).toEqual(["'none'"]);
        expect(csp['object-src']).toEqual(["'none'"]);
        expect(csp['media-src']).toEqual(expect.arrayContaining(["'self'", 'blob:']));
        expect(csp['upgrade-insecure-requests']).toBeUndefined();
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['referrer-policy']).toBe('no-referrer');
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });

  it('in production: HSTS, and the third parties that are configured (only those)', async () => {
    const app = await buildTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://ringwise.example', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_SECRET_KEY: 'sk_test_abc', INTERCOM_APP_ID: 'abc123', GEO_COUNTRY_URL: 'https://geo.example/country' },
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/config.json' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const csp = directives(response.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://widget.intercom.io', 'https://js.intercomcdn.com']);
      expect(csp['connect-src']).toEqual(expect.arrayContaining(['https://geo.example', 'https://api.stripe.com', 'wss://*.intercom.io']));
      expect(csp['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com']));
      expect(csp['script-src']).not.toContain('https://www.googletagmanager.com');
      expect(csp).toHaveProperty('upgrade-insecure-requests');
    } finally {
      await app.close();
    }
  });

  it('a hosted captcha widget is allowed only in its own mode (#34)', async () => {
    const policy = async (provider: string) => {
      const app = await buildTestApp({
        env: { NODE_ENV: 'production', PUBLIC_URL: 'https://ringwise.example', CAPTCHA_PROVIDER: provider, CAPTCHA_SECRET: 'captcha-secret-value', CAPTCHA_SITE_KEY: 'site-key-value' },
      });
      try {
        return directives((await app.inject({ method: 'GET', url: '/config.json' })).headers['content-security-policy']);
      } finally {
        await app.close();
      }
    };
    const turnstile = await policy('turnstile');
    expect(turnstile['script-src']).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(turnstile['frame-src']).toEqual(['https://challenges.cloudflare.com']);
    const hcaptcha = await policy('hcaptcha');
    expect(hcaptcha['script-src']).toEqual(["'self'", 'https://hcaptcha.com', 'https://*.hcaptcha.com']);
    expect(hcaptcha['connect-src']).toEqual(expect.arrayContaining(['https://*.hcaptcha.com']));
    const altcha = await policy('altcha');
    expect(altcha['script-src']).toEqual(["'self'"]);
    expect(altcha['frame-src']).toEqual(["'none'"]);
    expect(altcha['worker-src']).toEqual(expect.arrayContaining(["'self'"]));
  });

  it('hashed static files keep nosniff and the resource policy, without the documents-only headers', async () => {
    const app = await buildTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://ringwise.example' } });
    try {
      const response = await app.inject({ method: 'GET', url: '/assets/index-missing.js' });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['content-security-policy']).toBeUndefined();
      expect(response.headers['x-frame-options']).toBeUndefined();
      // A page (any client route) still gets the whole set.
      const page = await app.inject({ method: 'GET', url: '/en/assets-are-not-a-prefix-here' });
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    } finally {
      await app.close();
    }
  });
});
