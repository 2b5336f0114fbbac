import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/schema';
import { erasureCoverage, erasureParts, notPersonal, personalColumnWords } from '../../../server/retention/erasure';
import { runRetention } from '../../../server/retention/job';
import { retentionPeriods } from '../../../server/retention/periods';
import { buildTestApp, manualClock } from '../../helpers/app';
import { createUser, type TestUser } from '../onboarding/users';
import { hasTable, rowsNaming } from './rows-naming';

const ADMIN_TOKEN = 'erasure-test-admin-token-0123456789';

/** Stripe's two calls an erasure makes, answered as Stripe does; every request is kept. */
async function stripeStandIn(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const id = request.url?.split('/').pop() ?? '';
    const body = request.url?.startsWith('/v1/customers/') ? { id, object: 'customer', deleted: true } : { id, object: 'subscription', status: 'canceled' };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every public table with a column named like personal data (the rule erasure.ts states). */
async function tablesWithPersonalColumns(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' order by table_name, ordinal_position`.execute(db);
  const found = new Map<string, string[]>();
  for (const { table_name, column_name } of rows) {
    const words = column_name.split('_');
    const personal = column_name === 'user_id' || words.some((word) => (personalColumnWords as readonly string[]).includes(word));
    if (!personal || notPersonal[`${table_name}.${column_name}`]) continue;
    found.set(table_name, [...(found.get(table_name) ?? []), column_name]);
  }
  return found;
}

interface Person {
  user: TestUser;
  email: string;
  phone: string;
  /** Every value that names them and nobody else. */
  names: string[];
}

let sequence = 0;

/** A person's footprint in every table that can name someone, as a year of use leaves it. */
async function personWithFootprint(app: FastifyInstance, tag: string): Promise<Person> {
  sequence += 1;
  const domain = `${tag}-erasure.test`;
  const email = `${tag}@${domain}`;
  const phone = `+3375${String(sequence).padStart(7, '0')}`;
  const ip = `203.0.113.${sequence}`;
  const first = `${tag}first`;
  const last = `${tag}last`;
  const company = `${tag} company`;
  const device = `${tag}-device`;
  const customer = `cus_${tag}`;
  const user = await createUser(app, { email, phone, phoneConfirmed: true });
  const db = app.db;
  const id = user.id;
  await sql`update auth_sessions set ip = ${ip}, user_agent = ${`${tag}-agent`} where user_id = ${id}`.execute(db);
  await sql`insert into auth_refresh_tokens (token_hash, session_id, user_id, created_at) select ${`${tag}-token`}, id, user_id, now() from auth_sessions where user_id = ${id}`.execute(db);
  await sql`insert into auth_otps (purpose, channel, recipient, user_id, code_hash, created_at, expires_at) values ('signin', 'sms', ${phone}, ${id}, 'h', now(), now())`.execute(db);
  await sql`insert into auth_otps (purpose, channel, recipient, code_hash, created_at, expires_at) values ('signin', 'email', ${email}, 'h', now(), now())`.execute(db);
  await sql`insert into auth_outbox (channel, recipient, body, created_at) values ('sms', ${phone}, 'Your code', now()), ('email', ${email}, 'Your code', now())`.execute(db);
  const factor = await sql<{ id: string }>`insert into auth_factors (user_id, factor_type, status, phone, friendly_name, created_at, updated_at)
    values (${id}, 'phone', 'unverified', ${phone}, ${`${tag} phone`}, now(), now()) returning id`.execute(db);
  await sql`insert into auth_challenges (factor_id, ip, created_at, expires_at) values (${factor.rows[0]!.id}, ${ip}, now(), now())`.execute(db);
  await sql`insert into auth_flow_states (auth_code_hash, code_challenge, code_challenge_method, user_id, authentication_method, created_at) values (${`${tag}-flow`}, 'c', 's256', ${id}, 'otp', now())`.execute(db);
  await sql`insert into profiles (user_id, first_name, last_name, email, phone) values (${id}, ${first}, ${last}, ${email}, ${phone})`.execute(db);
  await sql`insert into businesses (user_id, company_name, website) values (${id}, ${company}, ${`https://${domain}`})`.execute(db);
  await sql`insert into legitimacy_checks (user_id, outcome, decided_by, ip, email_domain) values (${id}, 'VALIDATED', 'rules', ${ip}, ${domain})`.execute(db);
  await sql`insert into bookings (request_id, kind, email, first_name, last_name, company_name, phone) values (gen_random_uuid(), 'apply', ${email}, ${first}, ${last}, ${company}, ${phone})`.execute(db);
  await sql`insert into analytics_api_keys (api_key, label) values ('erasure-test', 'test') on conflict do nothing`.execute(db);
  // Before sign-up the device has no user id yet; both are the person's.
  await sql`insert into analytics_events (api_key, event_type, user_id, device_id, time, ip) values
    ('erasure-test', 'landing_viewed', null, ${device}, now(), ${ip}), ('erasure-test', 'signup_completed', ${id}, ${device}, now(), ${ip})`.execute(db);
  // The funnel's rollup: a day of the device (found through its events) and a day of the user alone.
  await sql`insert into analytics_funnel_days (person, day, user_id, bucket, visitors_at) values
    (${device}, current_date, null, 0, now()), (${`user:${id}`}, current_date - 1, ${id}, 0, now())`.execute(db);
  const card = await sql<{ id: string }>`insert into payment_methods (user_id, provider, brand, last4, exp_month, exp_year) values (${id}, 'stripe', 'visa', '4242', 12, 2030) returning id`.execute(db);
  const subscription = await sql<{ id: string }>`insert into subscriptions (user_id, provider, provider_ref, plan, interval, currency, unit_amount, status, payment_method_id)
    values (${id}, 'stripe', ${`sub_${sequence}`}, 'business', 'monthly', 'EUR', 4900, 'active', ${card.rows[0]!.id}) returning id`.execute(db);
  const charge = await sql<{ id: string }>`insert into charges (subscription_id, user_id, provider, provider_ref, amount, currency, status)
    values (${subscription.rows[0]!.id}, ${id}, 'stripe', ${`in_${sequence}`}, 4900, 'EUR', 'succeeded') returning id`.execute(db);
  await sql`insert into refunds (charge_id, subscription_id, user_id, provider, amount, currency) values (${charge.rows[0]!.id}, ${subscription.rows[0]!.id}, ${id}, 'stripe', 4900, 'EUR')`.execute(db);
  await sql`insert into checkout_sessions (user_id, provider, plan, interval, currency, unit_amount, locale, expires_at) values (${id}, 'stripe', 'business', 'monthly', 'EUR', 4900, 'en', now())`.execute(db);
  await sql`insert into payment_customers (user_id, provider, customer_ref) values (${id}, 'stripe', ${customer})`.execute(db);
  await sql`insert into webhook_events (id, provider, type, payload) values (${`evt_${tag}`}, 'stripe', 'checkout.session.completed', ${JSON.stringify({ customer, customer_details: { email } })})`.execute(db);
  // A window per address ends by itself (an hour at most); one per account goes with the account.
  await sql`insert into rate_limit_hits (key, hits, reset_at) values (${`auth:send:${email}`}, 1, now() + interval '1 hour'), (${`lookup:user:${id}`}, 1, now() + interval '1 hour')`.execute(db);
  await sql`insert into auth_send_slots (key, free_at) values (${`sms:${phone}`}, now() + interval '1 minute')`.execute(db);
  await footprintOfSignInWays(db, id, tag);
  return { user, email, phone, names: [id, email, domain, phone, phone.slice(1), ip, first, last, company, device, customer, `${tag}-agent`, `${tag}-token`, `${tag}-flow`] };
}

/** The retention job's run once every send slot and rate-limit window of the footprints has ended. */
async function afterEveryWindow(app: FastifyInstance): Promise<void> {
  const later = new Date(Date.now() + 2 * 60 * 60_000);
  await runRetention(app.database, later, retentionPeriods(app.env));
}

/** Passkeys and provider identities, where their tables exist. */
async function footprintOfSignInWays(db: Kysely<Database>, id: string, tag: string): Promise<void> {
  if (await hasTable(db, 'auth_passkeys')) {
    await sql`insert into auth_passkeys (user_id, credential_id, public_key, friendly_name, user_agent, created_at, updated_at)
      values (${id}, ${`${tag}-credential`}, decode('00', 'hex'), ${`${tag} key`}, ${`${tag}-agent`}, now(), now())`.execute(db);
    await sql`insert into auth_passkey_challenges (kind, challenge, user_id, created_at, expires_at) values ('registration', ${`${tag}-challenge`}, ${id}, now(), now())`.execute(db);
  }
  if (await hasTable(db, 'auth_identities')) {
    await sql`insert into auth_identities (user_id, provider, provider_id, email, created_at, updated_at) values (${id}, 'google', ${`${tag}-sub`}, ${`${tag}@${tag}-erasure.test`}, now(), now())`.execute(db);
    await sql`insert into auth_oauth_states (provider, redirect_to, provider_verifier, nonce, browser_hash, link_user_id, created_at)
      values ('google', '/', 'v', 'n', ${`${tag}-browser`}, ${id}, now())`.execute(db);
  }
}

describe('erasure (#29.5)', () => {
  let app: FastifyInstance;
  let stripe: Awaited<ReturnType<typeof stripeStandIn>>;

  beforeAll(async () => {
    stripe = await stripeStandIn();
    app = await buildTestApp({ clock: manualClock(), env: { STRIPE_SECRET_KEY: 'sk_test_erasure', STRIPE_API_URL: stripe.url, ADMIN_TOKEN } });
  });

  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  it('covers every table with a column that can name a person (from the catalog)', async () => {
    const personal = await tablesWithPersonalColumns(app.db);
    const uncovered = [...personal.keys()].filter((table) => !erasureCoverage[table]);
    expect(uncovered, 'tables with personal columns that erasure does not handle: add them to erasureCoverage and erasePerson').toEqual([]);
    expect(personal.get('auth_users')).toContain('email');
    expect(personal.has('auth_settings')).toBe(false);
  });

  it('no table is erased by two capabilities', () => {
    const claims = erasureParts.flatMap((part) => Object.keys(part.coverage).map((table) => `${table}: ${part.capability}`));
    const tables = claims.map((claim) => claim.split(':')[0]);
    expect(claims.filter((_, index) => tables.indexOf(tables[index]) !== index), 'a table claimed by two capabilities').toEqual([]);
  });

  it('DELETE /v1/user with their own token leaves no row naming them, keeps the accounts anonymised, and ends the Stripe side', async () => {
    const erased = await personWithFootprint(app, 'zelda');
    const other = await personWithFootprint(app, 'oscar');
    // Oscar once typed Zelda's address as his new one: the claim goes, Oscar stays.
    await sql`update auth_users set new_email = ${erased.email} where id = ${other.user.id}`.execute(app.db);
    const before = await rowsNaming(app.db, erased.names);
    const otherBefore = await rowsNaming(app.db, other.names);
    const present = (await Promise.all(Object.keys(erasureCoverage).map(async (table) => ((await hasTable(app.db, table)) ? table : null)))).filter(Boolean);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(present));

    const response = await app.inject({ method: 'DELETE', url: '/v1/user', headers: erased.user.headers });
    expect(response.statusCode).toBe(204);

    // What protects the number and the address outlives the account until it ends (#41: erasure never
    // resets a send rule), then the retention job removes it.
    expect(await rowsNaming(app.db, erased.names)).toEqual({ auth_send_slots: 1, rate_limit_hits: 1 });
    expect(await rowsNaming(app.db, [erased.user.id])).toEqual({});
    expect(await rowsNaming(app.db, other.names)).toEqual(otherBefore);
    await afterEveryWindow(app);
    expect(await rowsNaming(app.db, erased.names)).toEqual({});
    expect(stripe.requests).toEqual(['DELETE /v1/subscriptions/sub_1', 'DELETE /v1/customers/cus_zelda']);
    // The invoice stays, under an id that leads to no one; the subscription is over.
    const kept = await sql<{ status: string; user_id: string; amount: number }>`
      select s.status, s.user_id, c.amount from subscriptions s join charges c on c.subscription_id = s.id where s.provider_ref = 'sub_1'`.execute(app.db);
    expect(kept.rows).toEqual([{ status: 'canceled', user_id: expect.not.stringMatching(erased.user.id), amount: 4900 }]);
    // Their token no longer opens anything.
    expect((await app.inject({ method: 'GET', url: '/v1/user', headers: erased.user.headers })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/v1/user', headers: erased.user.headers })).statusCode).toBe(401);
  });

  it('needs a token, and the second step when the person has one', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/v1/user' })).statusCode).toBe(401);
    const guarded = await createUser(app);
    await sql`insert into auth_factors (user_id, factor_type, status, secret, created_at, updated_at) values (${guarded.id}, 'totp', 'verified', 'x', now(), now())`.execute(app.db);
    const response = await app.inject({ method: 'DELETE', url: '/v1/user', headers: guarded.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'insufficient_aal' });
    expect(await sql`select 1 from auth_users where id = ${guarded.id}`.execute(app.db).then((result) => result.rows.length)).toBe(1);
  });

  // Past the route's limit per client (10 in 10 minutes) the rest are refused with 429.
  it('twelve requests at once erase once', async () => {
    const person = await personWithFootprint(app, 'twelve');
    const responses = await Promise.all(Array.from({ length: 12 }, () => app.inject({ method: 'DELETE', url: '/v1/user', headers: person.user.headers })));
    const statuses = responses.map((response) => response.statusCode);
    expect(responses.filter((response) => ![204, 401, 429].includes(response.statusCode)).map((response) => response.body)).toEqual([]);
    expect(statuses).toContain(204);
    expect(await rowsNaming(app.db, [person.user.id])).toEqual({});
    await afterEveryWindow(app);
    expect(await rowsNaming(app.db, person.names)).toEqual({});
  });

  it('the team erases a person on request by email (POST /admin/erasures, used by kyc-admin erase)', async () => {
    const person = await personWithFootprint(app, 'requested');
    const refused = await app.inject({ method: 'POST', url: '/admin/erasures', payload: { user: person.email } });
    expect(refused.statusCode).toBe(401);
    const headers = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const response = await app.inject({ method: 'POST', url: '/admin/erasures', headers, payload: { user: person.email.toUpperCase() } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user_id: person.user.id, rows: { auth_users: 1, bookings: 1, analytics_events: 2 } });
    await afterEveryWindow(app);
    expect(await rowsNaming(app.db, person.names)).toEqual({});
    expect((await app.inject({ method: 'POST', url: '/admin/erasures', headers, payload: { user: person.email } })).statusCode).toBe(404);
  });
});
