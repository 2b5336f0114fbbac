import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';

/**
 * One admin rule for every team page (#38.4, server/http/admin-auth.ts): the bookings, the funnel
 * report and its numbers, the stored events, the jobs, identity reviews and erasures answer the same
 * question the same way. With ADMIN_TOKEN the token is needed from anyone (this machine too), by
 * header or by the login form's cookie, never by the address; without it only this machine, and
 * only outside production.
 */
const TOKEN = 'admin-rule-token-0123456789abcdef';

/** Every door of the team's pages, as a script calls it. */
const doors: InjectOptions[] = [
  { method: 'GET', url: '/admin/bookings.json' },
  { method: 'GET', url: '/admin/kyc/reviews' },
  { method: 'GET', url: '/admin/funnel.json' },
  { method: 'GET', url: '/admin/funnel/chart.json' },
  { method: 'GET', url: '/admin/analytics/events.json' },
  { method: 'GET', url: '/admin/jobs.json' },
  { method: 'POST', url: '/admin/erasures', payload: { user: 'nobody-here@example.com' } },
];
/** Let in: the page answers (erasing nobody is the erasure route's own 404). */
const letIn = (status: number) => status === 200 || status === 404;

const withUrl = (door: InjectOptions, url: string): InjectOptions => ({ ...door, url });
const basic = (password: string) => `Basic ${Buffer.from(`anyone:${password}`).toString('base64')}`;

async function answers(app: FastifyInstance, extra: Partial<InjectOptions> = {}) {
  return Promise.all(doors.map((door) => app.inject({ ...door, ...extra, headers: { ...door.headers, ...extra.headers } })));
}

async function signInByForm(app: FastifyInstance, token: string) {
  return app.inject({ method: 'POST', url: '/admin/login', payload: `token=${encodeURIComponent(token)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

describe('without ADMIN_TOKEN', () => {
  let dev: FastifyInstance;
  let production: FastifyInstance;
  beforeAll(async () => {
    [dev, production] = await Promise.all([buildTestApp(), buildTestApp({ env: { NODE_ENV: 'production' } })]);
  });
  afterAll(async () => {
    await Promise.all([dev.close(), production.close()]);
  });

  it('development: open to this machine only (loopback, no forwarding header), on every page', async () => {
    expect((await answers(dev)).map((answer) => letIn(answer.statusCode))).toEqual(doors.map(() => true));
    for (const answer of [...(await answers(dev, { remoteAddress: '203.0.113.7' })), ...(await answers(dev, { headers: { 'x-forwarded-for': '203.0.113.7' } }))]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'ADMIN_NOT_CONFIGURED' });
    }
  });

  it('production: closed to everyone, this machine too, and the login form has nothing to sign in with', async () => {
    for (const answer of await answers(production)) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'ADMIN_NOT_CONFIGURED' });
    }
    const login = await signInByForm(production, 'anything-at-all-0123456789');
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
  });
});

for (const mode of ['development', 'production'] as const) {
  describe(`with ADMIN_TOKEN, ${mode}`, () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp({ env: { ADMIN_TOKEN: TOKEN, ...(mode === 'production' ? { NODE_ENV: 'production' } : {}) } });
    });
    afterAll(async () => {
      await app.close();
    });

    it('needs the token from anyone, this machine too; asks for it the HTTP Basic way', async () => {
      for (const answer of await answers(app)) {
        expect(answer.statusCode).toBe(401);
        expect(answer.json()).toMatchObject({ code: 'UNAUTHORIZED' });
        expect(answer.headers['www-authenticate']).toContain('Basic');
        expect(answer.headers['cache-control']).toBe('no-store');
      }
      // A browser asking for the report gets the login form rather than JSON.
      const page = await app.inject({ method: 'GET', url: '/admin/funnel' });
      expect(page.statusCode).toBe(401);
      expect(page.body).toContain('<label for="token">Admin token');
    });

    it('takes it as a bearer token or a Basic password, and refuses a wrong one as INVALID_TOKEN', async () => {
      expect((await answers(app, { headers: { authorization: `Bearer ${TOKEN}` } })).map((answer) => letIn(answer.statusCode))).toEqual(doors.map(() => true));
      expect((await answers(app, { headers: { authorization: basic(TOKEN) } })).map((answer) => letIn(answer.statusCode))).toEqual(doors.map(() => true));
      for (const wrong of [`Bearer ${TOKEN}x`, basic('not-the-token-0123456789'), `Bearer ${TOKEN.slice(0, -1)}`]) {
        for (const answer of await answers(app, { headers: { authorization: wrong } })) {
          expect(answer.statusCode).toBe(401);
          expect(answer.json()).toMatchObject({ code: 'INVALID_TOKEN' });
        }
      }
    });

    it('never reads it from the address: ?token= opens nothing (it would land in logs and history)', async () => {
      for (const door of doors) {
        const url = `${door.url as string}${(door.url as string).includes('?') ? '&' : '?'}token=${TOKEN}`;
        const answer = await app.inject(withUrl(door, url));
        expect(answer.statusCode).toBe(401);
        expect(answer.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      }
      expect((await app.inject({ method: 'GET', url: `/admin/funnel?token=${TOKEN}` })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: `/admin/bookings?token=${TOKEN}` })).statusCode).toBe(401);
    });

    it('the login form’s cookie (a digest, not the token) opens every team page; a forged one does not', async () => {
      const refused = await signInByForm(app, 'not-the-token-0123456789');
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['set-cookie']).toBeUndefined();
      const login = await signInByForm(app, TOKEN);
      expect(login.statusCode).toBe(303);
      expect(login.headers.location).toBe('/admin/funnel');
      const setCookie = String(login.headers['set-cookie']);
      expect(setCookie).not.toContain(TOKEN);
      expect(setCookie).toMatch(/Path=\/admin; HttpOnly/);
      expect(setCookie).toContain('SameSite=Strict');
      // Secure in production; over plain http on this machine a browser would drop a Secure cookie.
      expect(setCookie.includes('; Secure')).toBe(mode === 'production');
      const cookie = setCookie.split(';')[0]!;
      expect((await answers(app, { headers: { cookie } })).map((answer) => letIn(answer.statusCode))).toEqual(doors.map(() => true));
      expect((await app.inject({ method: 'GET', url: '/admin/bookings', headers: { cookie } })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/admin/funnel', headers: { cookie } })).body).toContain('Sign-up funnel');
      for (const forged of [`rw_admin=${TOKEN}`, `rw_admin=${cookie.slice('rw_admin='.length, -1)}A`, 'rw_admin=']) {
        for (const answer of await answers(app, { headers: { cookie: forged } })) {
          expect(answer.statusCode).toBe(401);
          expect(answer.json()).toMatchObject({ code: 'INVALID_TOKEN' });
        }
      }
    });
  });
}
