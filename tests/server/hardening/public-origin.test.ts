import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../../server/config/env';
import { buildTestApp } from '../../helpers/app';

/** #12 finding 1: links in emails and texts come from configuration, never from the request's headers. */
describe('links are built from the configured origin', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ env: { HOST: '127.0.0.1', PORT: '4210' } });
  });
  afterAll(() => app.close());

  const hostile = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
  const outbox = async (recipient: string) =>
    (await app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}` })).json<{ messages: { body: string }[] }>().messages;

  it('an emailed sign-in link and its redirect point at the listen address, whatever Host says', async () => {
    const sent = await app.inject({ method: 'POST', url: '/auth/v1/otp?redirect_to=http://evil.example/', headers: hostile, payload: { email: 'origin@ringwise.test' } });
    expect(sent.statusCode).toBe(200);
    const [message] = await outbox('origin@ringwise.test');
    expect(message?.body).toContain('http://127.0.0.1:4210/auth/v1/verify?token=');
    expect(message?.body).toContain(`redirect_to=${encodeURIComponent('http://127.0.0.1:4210')}`);
    expect(message?.body).not.toContain('evil.example');
  });

  it('the WebOTP line of a text names the configured host', async () => {
    await app.inject({ method: 'POST', url: '/auth/v1/otp', headers: hostile, payload: { phone: '+33612345678' } });
    const [message] = await outbox('+33612345678');
    expect(message?.body).toMatch(/@127\.0\.0\.1 #\d{6}$/);
  });

  it('/config.json ignores Host and X-Forwarded-Host', async () => {
    const config = (await app.inject({ method: 'GET', url: '/config.json', headers: hostile })).json<{ apiUrl: string; auth: { url: string } }>();
    expect(config.apiUrl).toBe('http://127.0.0.1:4210');
    expect(config.auth.url).toBe('http://127.0.0.1:4210');
  });

  it('production refuses to start without PUBLIC_URL, naming it', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://ringwise.example/' }).PUBLIC_URL).toBe('https://ringwise.example/');
  });
});
