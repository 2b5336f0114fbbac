import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, manualClock } from '../../helpers/app';

const clock = manualClock(new Date('2026-03-02T09:00:00Z'));

function booking(overrides: Record<string, unknown> = {}) {
  return {
    requestId: randomUUID(),
    kind: 'scheduled',
    email: 'Jane@Acme-Plumbing.com',
    firstName: 'Jane',
    lastName: 'Doe',
    companyName: 'Acme Plumbing',
    phone: '+33612345678',
    slot: '2026-03-03T14:30:00.000Z',
    timeZone: 'Europe/Paris',
    language: 'fr',
    ...overrides,
  };
}

describe('demo bookings', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await app.close();
  });

  it('stores a scheduled call and lists it for the team', async () => {
    const created = await app.inject({ method: 'POST', url: '/v1/bookings', payload: booking() });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'scheduled', email: 'jane@acme-plumbing.com', slot: '2026-03-03T14:30:00.000Z', timeZone: 'Europe/Paris' });

    const list = await app.inject({ method: 'GET', url: '/admin/bookings.json' });
    expect(list.statusCode).toBe(200);
    expect(list.json().bookings.map((b: { id: string }) => b.id)).toContain(created.json().id);

    const page = await app.inject({ method: 'GET', url: '/admin/bookings' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Acme Plumbing');
    // The visitor's local time is shown: 14:30 UTC is 15:30 in Paris.
    expect(page.body).toContain('15:30 (Europe/Paris)');
  });

  it('stores one booking when the same request arrives twice', async () => {
    const body = booking({ kind: 'call-now', slot: undefined });
    const first = await app.inject({ method: 'POST', url: '/v1/bookings', payload: body });
    const second = await app.inject({ method: 'POST', url: '/v1/bookings', payload: body });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    const rows = await app.db.selectFrom('bookings').select('id').where('request_id', '=', body.requestId).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a request id reused by someone else', async () => {
    const body = booking({ kind: 'apply', slot: undefined });
    await app.inject({ method: 'POST', url: '/v1/bookings', payload: body });
    const other = await app.inject({ method: 'POST', url: '/v1/bookings', payload: { ...body, email: 'someone@else.com' } });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('BOOKING_CONFLICT');
  });

  it.each([
    ['a slot in the past', { slot: '2026-03-01T10:00:00Z' }, 'SLOT_IN_PAST'],
    ['a slot beyond the horizon', { slot: '2026-06-01T10:00:00Z' }, 'SLOT_TOO_FAR'],
  ])('refuses %s', async (_name, overrides, code) => {
    const response = await app.inject({ method: 'POST', url: '/v1/bookings', payload: booking(overrides) });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
  });

  it.each([
    ['no slot for a scheduled call', { slot: undefined }],
    ['an invalid phone', { phone: '+331' }],
    ['an invalid email', { email: 'jane@' }],
    ['an empty name', { firstName: '  ' }],
    ['an unknown kind', { kind: 'lunch' }],
    ['an unknown field', { admin: true }],
    ['a missing request id', { requestId: undefined }],
  ])('answers 400 for %s', async (name, overrides) => {
    // Each case from its own address, so the per-address rate limit stays out of the way.
    const response = await app.inject({ method: 'POST', url: '/v1/bookings', payload: booking(overrides), remoteAddress: `10.0.0.${name.length}` });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().code).toBe('string');
  });

  it('limits how many requests one address can send', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await app.inject({ method: 'POST', url: '/v1/bookings', payload: booking({ kind: 'apply', slot: undefined }), remoteAddress: '10.9.9.9' });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('the team page with ADMIN_TOKEN', () => {
  const token = 'a-long-admin-token-for-tests';
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ env: { ADMIN_TOKEN: token } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('asks for the token, as bearer or as the Basic password', async () => {
    const none = await app.inject({ method: 'GET', url: '/admin/bookings' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Basic');
    const wrong = await app.inject({ method: 'GET', url: '/admin/bookings.json', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const bearer = await app.inject({ method: 'GET', url: '/admin/bookings.json', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(200);
    const basic = await app.inject({
      method: 'GET',
      url: '/admin/bookings',
      headers: { authorization: `Basic ${Buffer.from(`team:${token}`).toString('base64')}` },
    });
    expect(basic.statusCode).toBe(200);
  });
});

describe('the team page in production without ADMIN_TOKEN', () => {
  it('is closed', async () => {
    const app = await buildTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const response = await app.inject({ method: 'GET', url: '/admin/bookings.json' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ADMIN_NOT_CONFIGURED');
    } finally {
      await app.close();
    }
  });
});
