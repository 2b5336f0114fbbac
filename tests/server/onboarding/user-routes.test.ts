import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';
import { createUser, type TestUser } from './users';

let app: FastifyInstance;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  alice = await createUser(app, { email: 'alice@acme-widgets.com', phone: '+33612345678', phoneConfirmed: true });
  bob = await createUser(app, { email: 'bob@other-corp.fr', phone: '+33698765432' });
});
afterAll(async () => {
  await app.close();
});

describe('GET /v1/user', () => {
  it('401 UNAUTHORIZED without a token, INVALID_TOKEN with a bad one', async () => {
    const none = await app.inject({ method: 'GET', url: '/v1/user' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const bad = await app.inject({ method: 'GET', url: '/v1/user', headers: { authorization: 'Bearer not.a.jwt' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('returns the caller with no role and no kyc status before onboarding', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/user', headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: alice.id,
      role: null,
      kyc_status: null,
      is_anonymous: false,
      profile: { email: 'alice@acme-widgets.com', phone: '+33612345678', phone_verified: true },
      data: {},
    });
  });
});

describe('PATCH /v1/user', () => {
  it('changes nothing when every field is absent', async () => {
    const res = await app.inject({ method: 'PATCH', url: '/v1/user', headers: alice.headers, payload: {} });
    expect(res.statusCode).toBe(200);
    const profile = await app.db.selectFrom('profiles').selectAll().where('user_id', '=', alice.id).executeTakeFirst();
    expect(profile).toBeUndefined();
  });

  it('saves name, email and a phone number normalised to E.164', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/v1/user',
      headers: alice.headers,
      payload: { name: 'Alice  de Vries', email: 'Alice@Acme-Widgets.com', phone: { number: '+33 6 12 34 56 78' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ first_name: 'Alice', last_name: 'de Vries', email: 'alice@acme-widgets.com', phone: '+33612345678' });
  });

  it('409 PHONE_ALREADY_EXISTS for a number of another account (auth or profile)', async () => {
    const res = await app.inject({ method: 'PATCH', url: '/v1/user', headers: alice.headers, payload: { phone: { number: '+33698765432' } } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PHONE_ALREADY_EXISTS' });
    // Alice's profile number cannot be claimed by Bob either.
    const taken = await app.inject({ method: 'PATCH', url: '/v1/user', headers: bob.headers, payload: { phone: { number: '+33612345678' } } });
    expect(taken.json()).toMatchObject({ code: 'PHONE_ALREADY_EXISTS' });
  });

  it('409 EMAIL_ALREADY_EXISTS for another account’s address, whatever its case', async () => {
    const res = await app.inject({ method: 'PATCH', url: '/v1/user', headers: alice.headers, payload: { email: 'BOB@other-corp.fr' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_ALREADY_EXISTS' });
  });

  it('400 for an invalid number, an invalid email, or unknown fields', async () => {
    const phone = await app.inject({ method: 'PATCH', url: '/v1/user', headers: alice.headers, payload: { phone: { number: '+3312' } } });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({ code: 'INVALID_PHONE' });
    const email = await app.inject({ method: 'PATCH', url: '/v1/user', headers: alice.headers, payload: { email: 'nope' } });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const extra = await app.inject({ method: 'PATCH', url: '/v1/user', headers: alice.headers, payload: { role: 'admin' } });
    expect(extra.statusCode).toBe(400);
  });

  it('401 without a token', async () => {
    const res = await app.inject({ method: 'PATCH', url: '/v1/user', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH /v1/user/data', () => {
  it('merges a free-form object into the caller’s own data only', async () => {
    await app.inject({ method: 'PATCH', url: '/v1/user/data', headers: alice.headers, payload: { origin: 'form', nested: { a: 1 } } });
    const res = await app.inject({ method: 'PATCH', url: '/v1/user/data', headers: alice.headers, payload: { step: 'size' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { origin: 'form', nested: { a: 1 }, step: 'size' } });
    const bobs = await app.inject({ method: 'GET', url: '/v1/user', headers: bob.headers });
    expect(bobs.json().data).toEqual({});
  });

  it('400 for a too large object, and for a non-object', async () => {
    const big = await app.inject({ method: 'PATCH', url: '/v1/user/data', headers: alice.headers, payload: { blob: 'x'.repeat(20_000) } });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'USER_DATA_TOO_LARGE' });
    const list = await app.inject({ method: 'PATCH', url: '/v1/user/data', headers: alice.headers, payload: [1, 2] });
    expect(list.statusCode).toBe(400);
  });

  it('401 without a token', async () => {
    expect((await app.inject({ method: 'PATCH', url: '/v1/user/data', payload: { a: 1 } })).statusCode).toBe(401);
  });
});
