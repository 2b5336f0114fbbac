import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonNestingExceeds, MAX_JSON_DEPTH } from '../../../server/http/hostile-input';
import { buildTestApp, manualClock } from '../../helpers/app';

const booking = (overrides: Record<string, unknown> = {}) => ({
  requestId: randomUUID(),
  kind: 'scheduled',
  email: 'jane@acme-plumbing.com',
  firstName: 'Jane',
  lastName: 'Doe',
  companyName: 'Acme Plumbing',
  phone: '+33612345678',
  slot: '2026-03-03T14:30:00.000Z',
  timeZone: 'Europe/Paris',
  language: 'fr',
  ...overrides,
});

/** #12 finding 8: hostile input is a 4xx with a stable code on PGlite and on Postgres, never a 500. */
describe('hostile input', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clock: manualClock(new Date('2026-03-02T09:00:00Z')) });
  });
  afterAll(() => app.close());

  it('a well-formed booking is stored (the control)', async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/bookings', payload: booking() });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['a NUL character', 'Jane\u0000'],
    ['a lone high surrogate', 'Jane\ud800'],
    ['a lone low surrogate', '\udc00Jane'],
  ])('refuses %s in a stored text with 400 INVALID_TEXT', async (_label, firstName) => {
    const response = await app.inject({ method: 'POST', url: '/v1/bookings', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(booking({ firstName })) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_TEXT' });
  });

  it('keeps paired surrogates (emoji) as text', async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/bookings', payload: booking({ companyName: 'Acme 🔧 Plumbing' }) });
    expect(response.statusCode).toBe(201);
  });

  it('checks keys, query strings and path parameters too', async () => {
    const key = await app.inject({ method: 'POST', url: '/v1/bookings', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ ...booking(), 'x\u0000': 1 }) });
    expect(key.statusCode).toBe(400);
    const query = await app.inject({ method: 'GET', url: '/dev/outbox.json?recipient=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: 'INVALID_TEXT' });
  });

  it('answers the auth service with its own error shape', async () => {
    const response = await app.inject({ method: 'POST', url: '/auth/v1/otp', headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' }, payload: JSON.stringify({ email: 'a\u0000@ringwise.test' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it(`refuses JSON nested past ${MAX_JSON_DEPTH} levels before parsing or authenticating`, async () => {
    const deep = `${'['.repeat(2100)}${']'.repeat(2100)}`;
    const response = await app.inject({ method: 'PATCH', url: '/v1/user/data', headers: { 'content-type': 'application/json' }, payload: deep });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'JSON_TOO_DEEP' });
    const auth = await app.inject({ method: 'POST', url: '/auth/v1/otp', headers: { 'content-type': 'application/json' }, payload: `{"data":${'{"a":'.repeat(200)}1${'}'.repeat(200)},"email":"deep@ringwise.test"}` });
    expect(auth.statusCode).toBe(400);
  });

  it('counts nesting only outside strings', () => {
    expect(jsonNestingExceeds(JSON.stringify({ text: '['.repeat(500) }))).toBe(false);
    expect(jsonNestingExceeds(JSON.stringify({ text: 'a\\"[[[' }))).toBe(false);
    expect(jsonNestingExceeds('['.repeat(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestingExceeds('['.repeat(MAX_JSON_DEPTH))).toBe(false);
  });

  it.each(['x:99999', 'evil.example/path', 'a b', '[::1', 'x:'])('refuses Host %j with 400 BAD_HOST', async (host) => {
    const response = await app.inject({ method: 'POST', url: '/auth/v1/verify', headers: { host }, payload: { type: 'sms', phone: '+33612345678', token: '123456' } });
    expect(response.statusCode).toBe(400);
  });

  it.each(['localhost', 'localhost:3000', '127.0.0.1:8080', '[::1]:3000', 'ringwise.example', 'api_1:3001'])('accepts Host %j', async (host) => {
    const response = await app.inject({ method: 'GET', url: '/healthz', headers: { host } });
    expect(response.statusCode).toBe(200);
  });
});
