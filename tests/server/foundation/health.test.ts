import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '../../../core/contracts/public-config';
import { buildTestApp } from '../../helpers/app';

describe('health, readiness and public configuration', () => {
  let app: FastifyInstance;
  const secrets = {
    STRIPE_SECRET_KEY: 'sk_test_secretvalue123',
    STRIPE_WEBHOOK_SECRET: 'whsec_secretvalue123',
    AUTH_SECRET: 'a-very-long-auth-secret-for-tests-0123456789',
    TWILIO_AUTH_TOKEN: 'twilio-secret-token',
    ELEVENLABS_API_KEY: 'eleven-secret-key',
    ADMIN_TOKEN: 'admin-token-0123456789',
  };

  beforeAll(async () => {
    app = await buildTestApp({ env: { ...secrets, STRIPE_PUBLISHABLE_KEY: 'pk_test_public123', GTM_ID: 'GTM-TEST1', PUBLIC_URL: 'https://shop.example.test' } });
  });
  afterAll(() => app.close());

  it('answers /healthz while the process is up', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz after reaching the database', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('serves the public configuration with no secret in it', async () => {
    // The addresses come from PUBLIC_URL, never from the request's Host or X-Forwarded-Host.
    const response = await app.inject({ method: 'GET', url: '/config.json', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    expect(response.statusCode).toBe(200);
    const config = publicConfigSchema.parse(response.json());
    expect(config.payments.stripePublishableKey).toBe('pk_test_public123');
    expect(config.widgets.gtmId).toBe('GTM-TEST1');
    expect(config.apiUrl).toBe('https://shop.example.test');
    for (const secret of Object.values(secrets)) expect(response.body).not.toContain(secret);
  });

  it('echoes a request id, keeping a well-formed one from the caller', async () => {
    const generated = await app.inject({ method: 'GET', url: '/healthz' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'proxy-req-12345' } });
    expect(given.headers['x-request-id']).toBe('proxy-req-12345');
    const hostile = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(hostile.headers['x-request-id']).not.toContain('bad id');
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /v1/nothing-here' });
  });
});
