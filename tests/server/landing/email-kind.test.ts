import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';

describe('GET /v1/email-kind', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it.each([
    ['x@yopmail.com', 'disposable'],
    ['x@inbox.mailinator.com', 'disposable'],
    ['jane@gmail.com', 'personal'],
    ['jane@acme-plumbing.com', 'work'],
    ['not an address', 'invalid'],
  ])('%s is %s', async (email, kind) => {
    const response = await app.inject({ method: 'GET', url: `/v1/email-kind?email=${encodeURIComponent(email)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kind });
  });

  it('refuses a missing or oversized address with a stable code', async () => {
    const missing = await app.inject({ method: 'GET', url: '/v1/email-kind' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: expect.any(String) });
    const long = await app.inject({ method: 'GET', url: `/v1/email-kind?email=${'a'.repeat(400)}@acme.com` });
    expect(long.statusCode).toBe(400);
  });
});
