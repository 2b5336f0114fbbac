import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { OutgoingMessage } from '../../../server/auth/delivery';
import { buildTestApp } from '../../helpers/app';

/** #12 finding 12: production keeps neither the code nor an emailed link's token in auth_outbox. */
describe('production outbox', () => {
  let app: FastifyInstance;
  const sent: OutgoingMessage[] = [];
  beforeAll(async () => {
    app = await buildTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://ringwise.example' } });
    app.authService.adapters.email = { send: async (message) => void sent.push(message) };
  });
  afterAll(() => app.close());

  it('mails the whole link but stores it redacted, and the mailed link still signs in', async () => {
    const response = await app.inject({ method: 'POST', url: '/auth/v1/otp', payload: { email: 'link@ringwise.test' } });
    expect(response.statusCode).toBe(200);
    const token = /verify\?token=([A-Za-z0-9_-]+)/.exec(sent[0]?.body ?? '')?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const stored = await app.db.selectFrom('auth_outbox').select(['body', 'code']).where('recipient', '=', 'link@ringwise.test').executeTakeFirstOrThrow();
    expect(stored.code).toBeNull();
    expect(stored.body).not.toContain(token);
    expect(stored.body).toContain('verify?token=••••••');
    const verified = await app.inject({ method: 'GET', url: `/auth/v1/verify?token=${token}&type=magiclink` });
    expect(verified.statusCode).toBe(303);
    expect(verified.headers.location).toMatch(/^https:\/\/ringwise\.example\/?#access_token=/);
  });

  it('a recovery link starts with PUBLIC_URL even when the request names another host', async () => {
    sent.length = 0;
    const now = new Date();
    await app.db.insertInto('auth_users').values({ email: 'owner@ringwise.test', email_confirmed_at: now, created_at: now, updated_at: now }).execute();
    const response = await app.inject({ method: 'POST', url: '/auth/v1/recover', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' }, payload: { email: 'owner@ringwise.test' } });
    expect(response.statusCode).toBe(200);
    expect(sent[0]?.body).toContain('https://ringwise.example/auth/v1/verify?token=');
    expect(sent[0]?.body).not.toContain('evil.example');
  });
});
