import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/config/env';
import type { DatabaseHandle } from '../../../server/db/client';
import type { Database } from '../../../server/db/schema';
import { RETENTION_BATCH, RETENTION_LOCK_KEY, runRetention } from '../../../server/retention/job';
import { retentionPeriods } from '../../../server/retention/periods';
import { buildTestApp, manualClock } from '../../helpers/app';
import { createTestDatabase } from '../../helpers/database';

const now = new Date('2026-06-01T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (msAgo: number) => new Date(now.getTime() - msAgo);
const periods = retentionPeriods(parseEnv({ NODE_ENV: 'test' }));
const USER = '00000000-0000-4000-8000-000000000001';
const OLD_OUTBOX = RETENTION_BATCH + 500;

/**
 * For every rule a row just past its period (deleted) and one just inside it (kept), with the
 * default periods; the outbox has more old rows than one batch.
 */
async function seedEdges(db: Kysely<Database>): Promise<void> {
  const user = (id: string, anonymous: boolean, created: Date) =>
    sql`insert into auth_users (id, email, is_anonymous, created_at) values (${id}, ${anonymous ? null : `${id.slice(-4)}@example.com`}, ${anonymous}, ${created})`.execute(db);
  await user(USER, false, at(400 * DAY));
  await user('00000000-0000-4000-8000-00000000a001', true, at(31 * DAY));
  await user('00000000-0000-4000-8000-00000000a002', true, at(29 * DAY));
  await user('00000000-0000-4000-8000-00000000a003', true, at(31 * DAY));
  await sql`insert into subscriptions (user_id, provider, plan, interval, currency, unit_amount, status)
    values ('00000000-0000-4000-8000-00000000a003', 'local', 'business', 'monthly', 'EUR', 4900, 'trialing')`.execute(db);

  const session = (id: string, notAfter: Date | null) =>
    sql`insert into auth_sessions (id, user_id, created_at, refreshed_at, not_after) values (${id}, ${USER}, ${at(80 * HOUR)}, ${at(80 * HOUR)}, ${notAfter})`.execute(db);
  await session('00000000-0000-4000-8000-00000000b001', at(73 * HOUR));
  await session('00000000-0000-4000-8000-00000000b002', at(71 * HOUR));
  await session('00000000-0000-4000-8000-00000000b003', null);
  for (const [hash, revoked] of [['old', at(25 * HOUR)], ['recent', at(23 * HOUR)], ['live', null]] as const) {
    await sql`insert into auth_refresh_tokens (token_hash, session_id, user_id, revoked_at, created_at)
      values (${hash}, '00000000-0000-4000-8000-00000000b003', ${USER}, ${revoked}, ${at(30 * HOUR)})`.execute(db);
  }
  for (const [id, status, created] of [
    ['00000000-0000-4000-8000-00000000c001', 'unverified', at(25 * HOUR)],
    ['00000000-0000-4000-8000-00000000c002', 'unverified', at(23 * HOUR)],
    ['00000000-0000-4000-8000-00000000c003', 'verified', at(25 * HOUR)],
  ] as const) {
    await sql`insert into auth_factors (id, user_id, factor_type, status, created_at, updated_at) values (${id}, ${USER}, 'totp', ${status}, ${created}, ${created})`.execute(db);
  }
  for (const created of [at(25 * HOUR), at(23 * HOUR)]) {
    await sql`insert into auth_challenges (factor_id, created_at, expires_at) values ('00000000-0000-4000-8000-00000000c003', ${created}, ${created})`.execute(db);
    await sql`insert into auth_flow_states (auth_code_hash, code_challenge, code_challenge_method, user_id, authentication_method, created_at)
      values (${created.toISOString()}, 'c', 's256', ${USER}, 'otp', ${created})`.execute(db);
    await sql`insert into auth_otps (purpose, channel, recipient, user_id, code_hash, created_at, expires_at) values ('signin', 'sms', '+33612345678', ${USER}, 'h', ${created}, ${created})`.execute(db);
  }
  await sql`insert into auth_outbox (channel, recipient, body, created_at) select 'sms', '+33612345678', 'Your code', ${at(25 * HOUR)} from generate_series(1, ${OLD_OUTBOX})`.execute(db);
  await sql`insert into auth_outbox (channel, recipient, body, created_at) values ('sms', '+33612345678', 'Your code', ${at(23 * HOUR)})`.execute(db);
  for (const [status, expires] of [['expired', at(8 * DAY)], ['open', at(6 * DAY)], ['complete', at(30 * DAY)]] as const) {
    await sql`insert into checkout_sessions (user_id, provider, plan, interval, currency, unit_amount, locale, status, expires_at)
      values (${USER}, 'local', 'business', 'monthly', 'EUR', 4900, 'en', ${status}, ${expires})`.execute(db);
  }
  for (const [id, received] of [['evt_old', at(31 * DAY)], ['evt_new', at(29 * DAY)]] as const) {
    await sql`insert into webhook_events (id, provider, type, received_at, payload) values (${id}, 'stripe', 'invoice.paid', ${received}, '{}')`.execute(db);
  }
  await sql`insert into analytics_api_keys (api_key, label) values ('k', 'test')`.execute(db);
  for (const time of [at(396 * DAY), at(394 * DAY)]) {
    await sql`insert into analytics_events (api_key, event_type, user_id, time) values ('k', 'landing_viewed', ${USER}, ${time})`.execute(db);
  }
  await sql`insert into rate_limit_hits (key, hits, reset_at) values ('old', 1, ${at(1000)}), ('live', 1, ${new Date(now.getTime() + 60_000)})`.execute(db);
  await sql`insert into auth_send_slots (key, free_at) values ('sms:+33611190001', ${at(1000)}), ('sms:+33611190002', ${new Date(now.getTime() + 30_000)})`.execute(db);
}

const expectedDeletions = {
  'sessions past their end': 1,
  'spent refresh tokens': 1,
  'PKCE flow states': 1,
  'MFA challenges': 1,
  'MFA factors never verified': 1,
  'anonymous users': 1,
  'one-time codes': 1,
  'sent messages (outbox)': OLD_OUTBOX,
  'expired checkout sessions': 1,
  'applied webhook events': 1,
  'analytics events': 1,
  'expired rate-limit windows': 1,
  'free send slots': 1,
};

async function count(db: Kysely<Database>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(table)}`.execute(db);
  return Number(rows[0]?.n);
}

describe('retention job', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  beforeEach(async () => {
    await sql`truncate auth_users, subscriptions, checkout_sessions, webhook_events, analytics_events, analytics_api_keys, auth_outbox, rate_limit_hits, auth_send_slots cascade`.execute(database.db);
    await seedEdges(database.db);
  });

  afterAll(async () => {
    await database.close();
  });

  it('deletes each kind of row past its period and keeps the rest', async () => {
    const result = await runRetention(database, now, periods);
    expect(result.skipped).toBe(false);
    expect(result.deleted).toEqual(expectedDeletions);
    const db = database.db;
    expect(await count(db, 'auth_sessions')).toBe(2);
    expect((await db.selectFrom('auth_refresh_tokens').select('token_hash').orderBy('token_hash').execute()).map((row) => row.token_hash)).toEqual(['live', 'recent']);
    expect((await db.selectFrom('auth_factors').select('id').orderBy('id').execute()).map((row) => row.id.slice(-4))).toEqual(['c002', 'c003']);
    expect((await db.selectFrom('auth_users').select('id').orderBy('id').execute()).map((row) => row.id.slice(-4))).toEqual(['0001', 'a002', 'a003']);
    expect((await db.selectFrom('checkout_sessions').select('status').orderBy('status').execute()).map((row) => row.status)).toEqual(['complete', 'open']);
    for (const table of ['auth_flow_states', 'auth_challenges', 'auth_otps', 'auth_outbox', 'webhook_events', 'analytics_events', 'rate_limit_hits', 'auth_send_slots']) {
      expect(await count(db, table), table).toBe(1);
    }
    if (database.kind === 'pglite') expect(result.vacuumed).toContain('auth_outbox');
    if (database.kind === 'postgres') expect(result.vacuumed).toEqual([]);
    // A second pass finds nothing more.
    expect((await runRetention(database, now, periods)).deleted).toEqual({});
  });

  it('honours configured periods', async () => {
    const longer = retentionPeriods(parseEnv({ NODE_ENV: 'test', RETENTION_OUTBOX_HOURS: '26', RETENTION_ANALYTICS_DAYS: '400' }));
    const { deleted } = await runRetention(database, now, longer);
    expect(deleted['sent messages (outbox)']).toBeUndefined();
    expect(deleted['analytics events']).toBeUndefined();
    expect(deleted['applied webhook events']).toBe(1);
  });

  it.runIf(process.env.TEST_DATABASE === 'postgres')('one instance at a time: a run skips while another holds the lock, and twelve at once delete each row once', async () => {
    const other = new pg.Client({ connectionString: await databaseUrl(database) });
    await other.connect();
    await other.query('select pg_advisory_lock($1)', [RETENTION_LOCK_KEY]);
    expect(await runRetention(database, now, periods)).toEqual({ skipped: true, deleted: {}, vacuumed: [] });
    await other.query('select pg_advisory_unlock($1)', [RETENTION_LOCK_KEY]);
    await other.end();

    const runs = await Promise.all(Array.from({ length: 12 }, () => runRetention(database, now, periods)));
    const totals: Record<string, number> = {};
    for (const run of runs) for (const [rule, n] of Object.entries(run.deleted)) totals[rule] = (totals[rule] ?? 0) + n;
    expect(totals).toEqual(expectedDeletions);
  });
});

async function databaseUrl(database: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

describe('the server runs the retention job on the job queue', () => {
  let app: FastifyInstance;

  afterAll(async () => {
    await app?.close();
  });

  it('is scheduled every RETENTION_INTERVAL_MINUTES for all instances, and a run uses the app clock', async () => {
    app = await buildTestApp({ clock: manualClock(now), env: { RETENTION_INTERVAL_MINUTES: '5' } });
    const { rows } = await sql<{ cron: string }>`select cron from pgboss.schedule where name = 'retention'`.execute(app.db);
    expect(rows).toEqual([{ cron: '*/5 * * * *' }]);
    await sql`insert into auth_outbox (channel, recipient, body, created_at) values ('sms', '+33612345678', 'Your code', ${at(25 * HOUR)})`.execute(app.db);
    await app.jobs.runNow('retention');
    const deadline = Date.now() + 20_000;
    while ((await count(app.db, 'auth_outbox')) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await count(app.db, 'auth_outbox')).toBe(0);
  }, 30_000);
});
