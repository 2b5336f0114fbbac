import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';
import { main as kycAdmin } from '../../../server/cli/kyc-admin';
import { createUser, type TestUser } from './users';

let app: FastifyInstance;

beforeAll(async () => {
  // The legitimacy rules read the visitor's address from X-Forwarded-For, believed only from a configured proxy.
  app = await buildTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(async () => {
  await app.close();
});

const inject = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  app.inject({ method, url, ...(user ? { headers: user.headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

/** A user who answered everything as a legitimate small business would, from a French address. */
async function legitimateUser(email: string, phone: string) {
  const user = await createUser(app, { email, phone, phoneConfirmed: true });
  await inject(user, 'PATCH', '/v1/user', { email, phone: { number: phone }, name: 'Ada Lovelace' });
  await inject(user, 'PATCH', '/v1/business', { size: '2-10', company_name: 'Acme Widgets', website: `https://www.${email.split('@')[1]}`, industry: 'construction', job_role: 'founder', country: 'FR', crm: 'hubspot' });
  return user;
}

describe('GET/PATCH /v1/business', () => {
  it('401 without a token', async () => {
    expect((await inject(null, 'GET', '/v1/business')).statusCode).toBe(401);
    expect((await inject(null, 'PATCH', '/v1/business', { size: 'just-me' })).statusCode).toBe(401);
  });

  it('saves answers step by step; complete only with size and crm', async () => {
    const user = await createUser(app);
    expect((await inject(user, 'GET', '/v1/business')).json()).toMatchObject({ size: null, crm: null, complete: false });
    expect((await inject(user, 'PATCH', '/v1/business', { size: 'just-me' })).json()).toMatchObject({ size: 'just-me', complete: false });
    const details = await inject(user, 'PATCH', '/v1/business', { company_name: ' Acme ', website: 'acme.fr', industry: 'legal', job_role: 'sales', country: 'FR' });
    expect(details.json()).toMatchObject({ size: 'just-me', company_name: 'Acme', website: 'acme.fr', complete: false });
    const crm = await inject(user, 'PATCH', '/v1/business', { crm: 'other', crm_other: 'Homegrown' });
    expect(crm.json()).toMatchObject({ crm: 'other', crm_other: 'Homegrown', complete: true });
    // Choosing a listed CRM afterwards drops the stale "Other" name.
    expect((await inject(user, 'PATCH', '/v1/business', { crm: 'pipedrive' })).json()).toMatchObject({ crm: 'pipedrive', crm_other: null });
  });

  it('400 for unknown values and fields; "Other" needs a name', async () => {
    const user = await createUser(app);
    for (const payload of [{ size: 'huge' }, { country: 'France' }, { website: 'not a site' }, { crm: 'notacrm' }, { role: 'owner' }, { company_name: '' }]) {
      const res = await inject(user, 'PATCH', '/v1/business', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const other = await inject(user, 'PATCH', '/v1/business', { crm: 'other' });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('CRM_NAME_REQUIRED');
  });

  it('never shows or changes another user’s answers', async () => {
    const a = await createUser(app);
    const b = await createUser(app);
    await inject(a, 'PATCH', '/v1/business', { size: '11-50' });
    expect((await inject(b, 'GET', '/v1/business')).json()).toMatchObject({ size: null });
    await inject(b, 'PATCH', '/v1/business', { size: 'just-me' });
    expect((await inject(a, 'GET', '/v1/business')).json()).toMatchObject({ size: '11-50' });
  });
});

describe('POST /v1/user/legitimacy-verification and the identity-check functions', () => {
  it('401 without a token', async () => {
    expect((await inject(null, 'POST', '/v1/user/legitimacy-verification', {})).statusCode).toBe(401);
    expect((await inject(null, 'POST', '/functions/v1/resolve-user', {})).statusCode).toBe(401);
    expect((await inject(null, 'POST', '/functions/v1/kyc-status', {})).statusCode).toBe(401);
  });

  it('VALIDATES a verified phone, work email matching the website, sane company; the functions resolve and look it up', async () => {
    const user = await legitimateUser('ada@acme-widgets.fr', '+33611223344');
    const res = await inject(user, 'POST', '/v1/user/legitimacy-verification', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().kyc_status).toBe('VALIDATED');
    expect(res.json().reasons.map((reason: { rule: string }) => reason.rule)).toEqual(
      expect.arrayContaining(['phone_verified', 'phone_valid', 'phone_country', 'email_kind', 'website_domain', 'company_name', 'velocity_ip', 'velocity_phone_prefix']),
    );
    const resolved = (await inject(user, 'POST', '/functions/v1/resolve-user', {})).json();
    expect(resolved).toEqual({ email: 'ada@acme-widgets.fr', phone: '+33611223344' });
    expect((await inject(user, 'POST', '/functions/v1/kyc-status', resolved)).json()).toEqual({ kyc_status: 'VALIDATED' });
  });

  it('asks for a review (personal email, website elsewhere) and keeps the decision on a second call', async () => {
    const user = await createUser(app, { email: 'bob.builder@gmail.com', phone: '+33622334455', phoneConfirmed: true });
    await inject(user, 'PATCH', '/v1/business', { size: 'just-me', company_name: 'Bob Builds', website: 'bobbuilds.fr', industry: 'construction', job_role: 'founder', country: 'FR', crm: 'none' });
    const first = (await inject(user, 'POST', '/v1/user/legitimacy-verification', {})).json();
    expect(first.kyc_status).toBe('PENDING_REVIEW');
    expect(first.reasons.filter((reason: { outcome: string }) => reason.outcome === 'review').map((reason: { rule: string }) => reason.rule).sort()).toEqual(['email_kind', 'website_domain']);
    const again = (await inject(user, 'POST', '/v1/user/legitimacy-verification', {})).json();
    expect(again).toEqual(first);
    const stored = await app.db.selectFrom('legitimacy_checks').selectAll().where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
  });

  it('REJECTS a disposable email address', async () => {
    const user = await createUser(app, { email: 'x@mailinator.com', phone: '+33633445566', phoneConfirmed: true });
    await inject(user, 'PATCH', '/v1/business', { company_name: 'Real Co' });
    expect((await inject(user, 'POST', '/v1/user/legitimacy-verification', {})).json().kyc_status).toBe('REJECTED');
  });

  it('an unverified phone alone is enough for a review', async () => {
    const user = await legitimateUser('eve@eve-consulting.fr', '+33644556677');
    await sql`update auth_users set phone_confirmed_at = null where id = ${user.id}`.execute(app.db);
    expect((await inject(user, 'POST', '/v1/user/legitimacy-verification', {})).json().kyc_status).toBe('PENDING_REVIEW');
  });

  it('counts sign-ups per number prefix (velocity)', async () => {
    const statuses: string[] = [];
    for (const suffix of ['1001', '1002', '1003', '1004']) {
      const user = await legitimateUser(`v${suffix}@velocity-${suffix}.fr`, `+3365566${suffix}`);
      statuses.push((await inject(user, 'POST', '/v1/user/legitimacy-verification', {})).json().kyc_status);
    }
    expect(statuses).toEqual(['VALIDATED', 'VALIDATED', 'VALIDATED', 'PENDING_REVIEW']);
  });

  it('kyc-status only ever answers about the caller', async () => {
    const a = await legitimateUser('carol@carol-co.fr', '+33677889900');
    await inject(a, 'POST', '/v1/user/legitimacy-verification', {});
    const b = await createUser(app);
    expect((await inject(b, 'POST', '/functions/v1/kyc-status', { email: 'carol@carol-co.fr', phone: '+33677889900' })).json()).toEqual({ kyc_status: null });
    expect((await inject(a, 'POST', '/functions/v1/kyc-status', { email: 'CAROL@carol-co.fr' })).json()).toEqual({ kyc_status: 'VALIDATED' });
    expect((await inject(a, 'POST', '/functions/v1/kyc-status', { email: 'x'.repeat(300) })).statusCode).toBe(400);
  });
});

describe('the admin tool', () => {
  it('lists pending reviews and validates a user by email; the user then passes the identity check', async () => {
    const user = await createUser(app, { email: 'dave@gmail.com', phone: '+33688990011', phoneConfirmed: true });
    await inject(user, 'PATCH', '/v1/business', { company_name: 'Dave Roofing', website: 'dave-roofing.fr' });
    expect((await inject(user, 'POST', '/v1/user/legitimacy-verification', {})).json().kyc_status).toBe('PENDING_REVIEW');
    const list = await app.inject({ method: 'GET', url: '/admin/kyc/reviews' });
    expect(list.statusCode).toBe(200);
    const review = list.json().reviews.find((entry: { user_id: string }) => entry.user_id === user.id);
    expect(review).toMatchObject({ email: 'dave@gmail.com', company_name: 'Dave Roofing', kyc_status: 'PENDING_REVIEW' });
    expect(review.reasons.some((reason: { rule: string }) => reason.rule === 'email_kind')).toBe(true);

    const bad = await app.inject({ method: 'POST', url: '/admin/kyc/decisions', payload: { user: 'dave@gmail.com', status: 'PENDING_REVIEW' } });
    expect(bad.statusCode).toBe(400);
    const missing = await app.inject({ method: 'POST', url: '/admin/kyc/decisions', payload: { user: 'nobody@nowhere.fr', status: 'VALIDATED' } });
    expect(missing.statusCode).toBe(404);
    const decided = await app.inject({ method: 'POST', url: '/admin/kyc/decisions', payload: { user: 'dave@gmail.com', status: 'VALIDATED', note: 'called him' } });
    expect(decided.json()).toEqual({ user_id: user.id, kyc_status: 'VALIDATED' });
    expect((await inject(user, 'POST', '/functions/v1/kyc-status', { email: 'dave@gmail.com' })).json()).toEqual({ kyc_status: 'VALIDATED' });
    // Re-running the check does not undo the reviewer's decision.
    expect((await inject(user, 'POST', '/v1/user/legitimacy-verification', {})).json().kyc_status).toBe('VALIDATED');
  });

  it('is closed in production without ADMIN_TOKEN and needs the token when set', async () => {
    const prod = await buildTestApp({ env: { NODE_ENV: 'production' } });
    expect((await prod.inject({ method: 'GET', url: '/admin/kyc/reviews' })).statusCode).toBe(403);
    await prod.close();
    const guarded = await buildTestApp({ env: { ADMIN_TOKEN: 'a-very-long-admin-token' } });
    expect((await guarded.inject({ method: 'GET', url: '/admin/kyc/reviews' })).statusCode).toBe(401);
    expect((await guarded.inject({ method: 'GET', url: '/admin/kyc/reviews', headers: { authorization: 'Bearer a-very-long-admin-token' } })).statusCode).toBe(200);
    await guarded.close();
  });

  it('the CLI prints its usage and refuses unknown commands', async () => {
    const url = 'http://127.0.0.1:9';
    expect(await kycAdmin([])).toBe(64);
    expect(await kycAdmin(['frobnicate', '--url', url])).toBe(64);
    expect(await kycAdmin(['list', '--status', 'NOPE', '--url', url])).toBe(64);
  });
});

describe('POST /v1/onboarding/finish', () => {
  async function subscribe(userId: string, status: string) {
    await sql`insert into subscriptions (user_id, provider, plan, interval, currency, unit_amount, status)
              values (${userId}, 'local', 'business', 'monthly', 'EUR', 3000, ${status})`.execute(app.db);
  }

  it('401 without a token', async () => {
    expect((await inject(null, 'POST', '/v1/onboarding/finish')).statusCode).toBe(401);
  });

  it('refuses without a validated identity, then without a live subscription; grants the role with one', async () => {
    const user = await legitimateUser('fred@fred-plumbing.fr', '+33699001122');
    const noKyc = await inject(user, 'POST', '/v1/onboarding/finish');
    expect(noKyc.statusCode).toBe(403);
    expect(noKyc.json().code).toBe('KYC_NOT_VALIDATED');
    await inject(user, 'POST', '/v1/user/legitimacy-verification', {});
    const noSub = await inject(user, 'POST', '/v1/onboarding/finish');
    expect(noSub.statusCode).toBe(402);
    expect(noSub.json().code).toBe('SUBSCRIPTION_REQUIRED');
    await subscribe(user.id, 'incomplete');
    expect((await inject(user, 'POST', '/v1/onboarding/finish')).statusCode).toBe(402);
    expect((await inject(user, 'GET', '/v1/user')).json().role).toBeNull();
    await subscribe(user.id, 'trialing');
    const done = await inject(user, 'POST', '/v1/onboarding/finish');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ role: 'owner', first_time: true });
    expect((await inject(user, 'POST', '/v1/onboarding/finish')).json()).toMatchObject({ first_time: false });
    const me = (await inject(user, 'GET', '/v1/user')).json();
    expect(me.role).toBe('owner');
    expect(me.profile.onboarding_finished_at).not.toBeNull();
  });
});

describe('legitimacy rules that read the client address', () => {
  const from = (user: TestUser, ip: string) =>
    app.inject({ method: 'POST', url: '/v1/user/legitimacy-verification', headers: { ...user.headers, 'x-forwarded-for': ip }, payload: {} });

  it('a number from another country than the visitor’s address counts toward a review', async () => {
    const user = await legitimateUser('gina@gina-events.fr', '+33612121212');
    await inject(user, 'PATCH', '/v1/user', {});
    await app.db.updateTable('businesses').set({ website: null }).where('user_id', '=', user.id).execute();
    const res = (await from(user, '8.8.8.8')).json();
    expect(res.reasons.find((reason: { rule: string }) => reason.rule === 'phone_country')).toMatchObject({ outcome: 'review' });
    expect(res.kyc_status).toBe('VALIDATED');
  });

  it('many sign-ups from one public address ask for a review', async () => {
    const statuses: string[] = [];
    for (let index = 0; index < 11; index++) {
      const suffix = String(100 + index);
      const user = await legitimateUser(`ip${suffix}@ipco-${suffix}.fr`, `+336${String(7000000 + index * 100000).padStart(8, '0')}`);
      statuses.push((await from(user, '81.250.1.1')).json().kyc_status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 'VALIDATED')).toBe(true);
    expect(statuses[10]).toBe('PENDING_REVIEW');
  });
});
