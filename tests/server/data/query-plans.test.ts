import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { parseEnv } from '../../../server/config/env';
import type { Database } from '../../../server/db/schema';
import { resolveUserRef } from '../../../server/api/kyc-admin';
import { dropOtherClaims } from '../../../server/auth/email-claims';
import type { AuthService } from '../../../server/auth/service';
import { runBillingCycle } from '../../../server/payments/billing';
import { erasePerson } from '../../../server/retention/erasure';
import { erasureTargetOf } from '../../../server/retention/erasure-target';
import { runRetention } from '../../../server/retention/job';
import { retentionPeriods } from '../../../server/retention/periods';
import { seedFunnelEvents } from '../../../scripts/data/funnel-seed';
import { SEED_API_KEY, seedYearOfData } from '../../../scripts/data/seed';
import { funnelReport } from '../../../server/analytics/funnel';
import { rollUpStoredEvents } from '../../../server/analytics/funnel-days';
import { createTestDatabase } from '../../helpers/database';
import { manualClock } from '../../helpers/app';
import { createUser, type TestUser } from '../onboarding/users';
import { largeTables, QueryRecorder, sequentialScans } from './query-plans';

/**
 * #29: the queries a person waits on (and the jobs that share the embedded database's one
 * connection with them) read large tables through an index. Each entry runs the real code, every
 * statement it sends is recorded, and each statement's plan is asked of the database (EXPLAIN)
 * with a seeded year of data: a sequential scan of a table of LARGE rows or more fails the test.
 */
const PEOPLE = 2000;
const LARGE = 500;
const now = new Date('2026-11-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(now.getTime() - offset * DAY).toISOString().slice(0, 10);

interface HotPath {
  name: string;
  /** Tables the path reads whole by design, with why (their size follows days, not people or events). */
  readsWhole?: string[];
  run(context: { app: FastifyInstance; db: Kysely<Database>; user: TestUser }): Promise<unknown>;
}

/** A seeded account's id, by the email it proved. */
async function seededUserId(db: Kysely<Database>, email: string): Promise<string> {
  const target = await erasureTargetOf(db, email);
  if (target.kind !== 'account') throw new Error(`${email} is not a seeded account`);
  return target.userId;
}

/** The one list of hot paths: add a path here when a person (or a job on their connection) waits on it. */
const hotPaths: HotPath[] = [
  { name: 'PATCH /v1/user with an email (emailTakenByAnother)', run: ({ app, user }) => app.inject({ method: 'PATCH', url: '/v1/user', headers: user.headers, payload: { email: 'Person17@Example.com' } }) },
  { name: 'PATCH /v1/user with a phone (phoneTakenByAnother)', run: ({ app, user }) => app.inject({ method: 'PATCH', url: '/v1/user', headers: user.headers, payload: { phone: { number: '+33610000017' } } }) },
  { name: 'GET /v1/user', run: ({ app, user }) => app.inject({ method: 'GET', url: '/v1/user', headers: user.headers }) },
  { name: 'POST /v1/signup/check, email only (claimedByAnAccount)', run: ({ app }) => app.inject({ method: 'POST', url: '/v1/signup/check', payload: { email: 'nobody@example.com' } }) },
  { name: 'POST /v1/signup/check, email and phone', run: ({ app }) => app.inject({ method: 'POST', url: '/v1/signup/check', payload: { email: 'person17@example.com', phone: '+33610000018' } }) },
  { name: 'emailTakenByAnother', run: ({ app, user }) => app.authService.accounts.emailTakenByAnother('person17@example.com', user.id) },
  { name: 'phoneTakenByAnother', run: ({ app, user }) => app.authService.accounts.phoneTakenByAnother('+33610000017', user.id) },
  { name: 'findAuthIdentity', run: ({ app, user }) => app.authService.accounts.identity(user.id) },
  // The email-code verify drops every other account's claim on the proven address.
  { name: 'dropOtherClaims (email-code verify)', run: ({ db, user }) => dropOtherClaims({ db } as AuthService, 'claim101@example.com', user.id) },
  { name: 'kyc-admin validate <email> (resolveUserRef)', run: ({ db }) => resolveUserRef(db, 'Person17@example.com') },
  { name: 'kyc-admin validate <phone> (resolveUserRef)', run: ({ db }) => resolveUserRef(db, '+33610000017') },
  { name: 'billing job (runBillingCycle)', run: ({ db }) => runBillingCycle(db, now) },
  // #41: the team's reference is looked up by what accounts proved; the erasure asks who else proved
  // the person's addresses and numbers and drops others' claims on them (migration 1040's indexes).
  { name: 'kyc-admin erase <email> (erasureTargetOf)', run: ({ db }) => erasureTargetOf(db, 'Person18@example.com') },
  { name: 'kyc-admin erase <phone> (erasureTargetOf)', run: ({ db }) => erasureTargetOf(db, '+33610000018') },
  // Provider events are found by their payload's text (a customer id or address anywhere in it): a
  // read of the table, which the retention job keeps to 30 days of events.
  { name: 'erasure of a person (erasePerson)', readsWhole: ['webhook_events'], run: async ({ db }) => erasePerson(db, await seededUserId(db, 'person19@example.com'), { stripe: null, now, settleMs: 0 }) },
  // A run that finds little must read little (the steady state, a run every few minutes): asked as
  // of the seed's first day, before anything has passed its period, it must not read whole tables.
  // The team's funnel report: the spans inside the range and the people crossing its ends (#29.3).
  // A year's report sums every span of the year: the spans are per day and first touch, not per person.
  { name: 'funnel report, 365 days', readsWhole: ['analytics_funnel_spans'], run: ({ app }) => funnelReport(app.database, { from: day(364), to: day(0) }, null) },
  // At this size (a few hundred spans, a year's worth being under 25,000 at 5 M events) the planner
  // may rightly read a month's spans whole too; what must not be read whole are the days and people.
  { name: 'funnel report, 30 days split by landing', readsWhole: ['analytics_funnel_spans'], run: ({ app }) => funnelReport(app.database, { from: day(29), to: day(0) }, 'landing') },
  { name: 'retention job (every rule)', run: ({ app, db }) => runRetention({ db, kind: app.database.kind }, new Date(now.getTime() - 365 * DAY), retentionPeriods(app.env)) },
];

describe('hot queries use indexes on a seeded year of data', () => {
  let app: FastifyInstance;
  let recorder: QueryRecorder;
  let user: TestUser;
  let large: Map<string, number>;

  beforeAll(async () => {
    const handle = await createTestDatabase();
    await seedYearOfData(handle.db, { people: PEOPLE, now, eventsPerPerson: 2, tokensPerSession: 2 });
    await seedFunnelEvents(handle.db, { events: 6 * PEOPLE, now, apiKey: SEED_API_KEY });
    await rollUpStoredEvents(handle.db, { from: new Date(now.getTime() - 367 * DAY), to: new Date(now.getTime() + DAY) });
    await sql`analyze`.execute(handle.db);
    recorder = new QueryRecorder(handle.db);
    app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database: { ...handle, db: handle.db.withPlugin(recorder) },
      logger: pino({ level: 'silent' }),
      clock: manualClock(now),
      ownsDatabase: true,
    });
    await app.ready();
    user = await createUser(app, { email: 'plans@example.com' });
    large = await largeTables(app.db, LARGE);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('seeded the tables these paths read', () => {
    for (const table of ['auth_users', 'profiles', 'subscriptions', 'auth_refresh_tokens', 'analytics_events', 'analytics_funnel_days', 'analytics_funnel_people']) expect(large.has(table), table).toBe(true);
  });

  it.each(hotPaths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    const queries = await recorder.during(() => path.run({ app, db: app.db, user }));
    expect(queries.length).toBeGreaterThan(0);
    const scans = await sequentialScans(app.db, queries, large);
    expect(scans.filter((scan) => !path.readsWhole?.includes(scan.relation))).toEqual([]);
  });
});
