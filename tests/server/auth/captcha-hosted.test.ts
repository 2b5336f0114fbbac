import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthHarness, type AuthHarness } from './harness';

/**
 * Turnstile and hCaptcha as GoTrue checks them: the token is POSTed with our secret and the
 * client's address to the provider's siteverify (here a fake one on loopback, started by the test:
 * CAPTCHA_VERIFY_URL), within CAPTCHA_TIMEOUT_MS; a provider that does not answer is a 500.
 */
interface Asked {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

/**
 * A siteverify: `good-*` tokens pass (every time: this fake forgets, so a refused replay is our
 * database's doing, as it must be across instances), `slow` never answers, anything else fails.
 */
function fakeSiteverify(asked: Asked[]): Server {
  return createServer((request, response) => {
    void readForm(request).then((form) => {
      const token = form.get('response') ?? '';
      asked.push({ secret: form.get('secret'), response: token, remoteip: form.get('remoteip') });
      if (token === 'slow') return;
      const success = token.startsWith('good-');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
}

describe.each(['turnstile', 'hcaptcha'] as const)('captcha: %s', (provider) => {
  const asked: Asked[] = [];
  let siteverify: Server;
  let h: AuthHarness;
  beforeAll(async () => {
    siteverify = fakeSiteverify(asked);
    await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
    const { port } = siteverify.address() as AddressInfo;
    h = await startAuthHarness({
      env: { CAPTCHA_PROVIDER: provider, CAPTCHA_SECRET: 'our-secret', CAPTCHA_SITE_KEY: 'our-site-key', CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`, CAPTCHA_TIMEOUT_MS: '300' },
    });
  });
  afterAll(async () => {
    await h.close();
    siteverify.closeAllConnections();
    await new Promise((resolve) => siteverify.close(resolve));
  });

  const sendWith = (phone: string, captchaToken?: string) => h.client().auth.signInWithOtp({ phone, options: captchaToken ? { captchaToken } : {} });

  it('publishes the provider and its site key, never the secret', async () => {
    const text = await (await fetch(`${h.url}/config.json`)).text();
    expect(JSON.parse(text)).toMatchObject({ captcha: { provider, siteKey: 'our-site-key' } });
    expect(text).not.toContain('our-secret');
    expect((await fetch(`${h.url}/auth/v1/captcha/challenge`)).status).toBe(404);
  });

  it('asks siteverify with the secret, the token and the client address; a good token sends the code once', async () => {
    const phone = '+33611120001';
    expect((await sendWith(phone, 'good-1')).error).toBeNull();
    expect(asked.at(-1)).toEqual({ secret: 'our-secret', response: 'good-1', remoteip: '127.0.0.1' });
    expect(await h.outbox(phone)).toHaveLength(1);
    // A replay of the same token, on this instance or another: refused by our database.
    expect((await sendWith('+33611120002', 'good-1')).error).toMatchObject({ status: 400, code: 'captcha_failed', message: 'captcha protection: request disallowed (already used)' });
  });

  it('missing and refused tokens are 400 captcha_failed with the provider reason; nothing is sent', async () => {
    const phone = '+33611120003';
    const before = asked.length;
    expect((await sendWith(phone)).error).toMatchObject({ status: 400, code: 'captcha_failed', message: 'captcha protection: request disallowed (missing)' });
    expect(asked.length).toBe(before);
    expect((await sendWith(phone, 'forged')).error).toMatchObject({ status: 400, code: 'captcha_failed', message: 'captcha protection: request disallowed (invalid-input-response)' });
    expect(await h.outbox(phone)).toHaveLength(0);
  });

  it('a provider that does not answer within CAPTCHA_TIMEOUT_MS is a 500, quickly', async () => {
    const started = Date.now();
    const response = await fetch(`${h.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: h.key, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ phone: '+33611120004', gotrue_meta_security: { captcha_token: 'slow' } }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ code: 'unexpected_failure', message: 'captcha verification is unavailable; try again in a moment' });
    expect(Date.now() - started).toBeLessThan(3000);
    // supabase-js reads a 500 as a retryable failure.
    expect((await sendWith('+33611120005', 'slow')).error).toMatchObject({ status: 500 });
  });
});
