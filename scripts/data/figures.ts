/**
 * `npx tsx scripts/data/figures.ts <postgres url> [people] [--plans-only]`: the #29 figures on a throw-away Postgres
 * database — seeds a year of data for `people` sign-ups (200,000 by default), then prints
 *   1. each fixed lookup before and after: EXPLAIN ANALYZE of the old statement (or the new one
 *      with its new index dropped, inside a transaction rolled back) and of the statement the code
 *      sends now, with the plan's first line and the time;
 *   2. table sizes and rows before and after one retention run (and after VACUUM FULL, which gives
 *      the space back to the operating system; a plain VACUUM only makes it reusable).
 * The database named in the URL is dropped and created again. Not part of `npm test`.
 */
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { parseEnv } from '../../server/config/env';
import { runRetention } from '../../server/retention/job';
import { retentionPeriods } from '../../server/retention/periods';
import { seedYearOfData } from './seed';

interface Comparison {
  name: string;
  /** The old statement, run with the indexes #29 added dropped (inside a transaction rolled back). */
  before: { sql: string; params: unknown[]; dropIndexes?: string[] };
  after: { sql: string; params: unknown[] };
}

const now = new Date('2026-11-01T12:00:00Z');
const someone = '00000000-0000-4000-8000-000000000000';

const comparisons: Comparison[] = [
  {
    name: 'PATCH /v1/user email: emailTakenByAnother',
    // A new address (the usual case): nothing matches, so the old form read every row.
    before: { sql: 'select exists (select 1 from auth_users where lower(email) = lower($1) and id <> $2) as taken', params: ['New.Address@example.com', someone] },
    after: { sql: 'select exists (select 1 from auth_users where email = $1 and id <> $2) as taken', params: ['new.address@example.com', someone] },
  },
  {
    name: 'email-code verify: dropOtherClaims',
    before: { sql: 'update auth_users set new_email = null where new_email = $1 and id <> $2', params: ['claim101@example.com', someone], dropIndexes: ['auth_users_new_email'] },
    after: { sql: 'update auth_users set new_email = null where new_email = $1 and id <> $2', params: ['claim101@example.com', someone] },
  },
  {
    name: '/v1/signup/check: claimedByAnAccount',
    before: { sql: 'select exists (select 1 from auth_users where new_email = $1) as claimed', params: ['nobody@example.com'], dropIndexes: ['auth_users_new_email'] },
    after: { sql: 'select exists (select 1 from auth_users where new_email = $1) as claimed', params: ['nobody@example.com'] },
  },
  {
    name: 'kyc-admin validate <email>: resolveUserRef',
    before: {
      sql: `select u.id as user_id from auth_users u left join profiles p on p.user_id = u.id
            where lower(u.email) = lower($1) or lower(p.email) = lower($1) or u.phone = $1 or p.phone = $1`,
      params: ['Person17@example.com'],
    },
    after: {
      sql: `select id as user_id from auth_users where email = $1 union select user_id from profiles where lower(email) = $1
            union select id from auth_users where phone = $2 union select user_id from profiles where phone = $2`,
      params: ['person17@example.com', 'Person17@example.com'],
    },
  },
  {
    name: 'billing job: due subscriptions',
    before: {
      // As Kysely sent it: every constant a parameter, so no partial index could be proven usable.
      sql: `select id from subscriptions where provider = $2 and ((status = $3 and trial_end <= $1) or (status = $4 and current_period_end <= $1)
            or (status in ($5, $6, $7) and cancel_at <= $1) or (status = $8 and next_payment_attempt_at <= $1)) order by created_at limit 500`,
      params: [now, 'local', 'trialing', 'active', 'trialing', 'active', 'past_due', 'past_due'],
      dropIndexes: ['subscriptions_renewal_due', 'subscriptions_cancel_due'],
    },
    after: {
      sql: `select id, created_at from subscriptions where provider = 'local' and status = 'trialing' and trial_end <= $1
            union select id, created_at from subscriptions where provider = 'local' and status = 'active' and current_period_end <= $1
            union select id, created_at from subscriptions where provider = 'local' and status in ('trialing', 'active', 'past_due') and cancel_at <= $1
            union select id, created_at from subscriptions where provider = 'local' and status = 'past_due' and next_payment_attempt_at <= $1
            order by created_at limit 500`,
      params: [now],
    },
  },
];

async function explain(client: pg.Client, sql: string, params: unknown[], dropIndexes: string[] = []): Promise<{ ms: number; plan: string[] }> {
  await client.query('begin');
  try {
    for (const index of dropIndexes) await client.query(`drop index ${index}`);
    // Twice: the first warms the cache, the second is reported.
    await client.query(`explain analyze ${sql}`, params);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary on) ${sql}`, params);
    const lines = rows.map((row) => row['QUERY PLAN']);
    const ms = Number(/Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))?.[1]);
    return { ms, plan: lines.filter((line) => !/Planning Time|Execution Time/.test(line)) };
  } finally {
    await client.query('rollback');
  }
}

async function sizes(client: pg.Client): Promise<Map<string, { rows: number; bytes: number }>> {
  const { rows } = await client.query<{ name: string; bytes: string }>(`
    select c.relname as name, pg_total_relation_size(c.oid) as bytes from pg_class c join pg_namespace s on s.oid = c.relnamespace
    where s.nspname = 'public' and c.relkind = 'r'`);
  const result = new Map<string, { rows: number; bytes: number }>();
  for (const row of rows) {
    const count = await client.query<{ n: string }>(`select count(*) as n from "${row.name}"`);
    result.set(row.name, { rows: Number(count.rows[0]?.n), bytes: Number(row.bytes) });
  }
  return result;
}

/** Each fixed lookup before and after, with its plans (`--plans-only`: on a database seeded earlier). */
async function printComparisons(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const comparison of comparisons) {
    const before = await explain(client, comparison.before.sql, comparison.before.params, comparison.before.dropIndexes);
    const after = await explain(client, comparison.after.sql, comparison.after.params);
    console.log(`## ${comparison.name}: ${before.ms.toFixed(2)} ms -> ${after.ms.toFixed(2)} ms`);
    console.log(`before:\n  ${before.plan.join('\n  ')}\nafter:\n  ${after.plan.join('\n  ')}\n`);
  }
  await client.end();
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const url = process.argv[2];
  const people = Number(process.argv[3] ?? 200_000);
  if (!url) throw new Error('usage: npx tsx scripts/data/figures.ts postgres://user@host:5432/scratch_db [people] [--plans-only]');
  const plansOnly = process.argv.includes('--plans-only');
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (plansOnly) return printComparisons(url);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();

  const database = openDatabase({ kind: 'postgres', url });
  await migrate(database.db);
  const started = Date.now();
  await seedYearOfData(database.db, { people, now, eventsPerPerson: 10, tokensPerSession: 6 });
  console.log(`seeded ${people.toLocaleString('en')} sign-ups in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);

  await printComparisons(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const before = await sizes(client);
  const result = await runRetention(database, now, retentionPeriods(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://example.com' })));
  const after = await sizes(client);
  await client.query('vacuum full');
  const compacted = await sizes(client);
  console.log('## retention run', JSON.stringify(result.deleted, null, 1));
  console.log('\ntable | rows before | rows after | size before | size after (VACUUM FULL)');
  let total = [0, 0];
  for (const [table, value] of [...before].sort((a, b) => b[1].bytes - a[1].bytes)) {
    const kept = after.get(table)!;
    const small = compacted.get(table)!;
    total = [total[0]! + value.bytes, total[1]! + small.bytes];
    if (value.rows === 0 && kept.rows === 0) continue;
    console.log(`${table} | ${value.rows.toLocaleString('en')} | ${kept.rows.toLocaleString('en')} | ${mb(value.bytes)} | ${mb(small.bytes)}`);
  }
  console.log(`total | | | ${mb(total[0]!)} | ${mb(total[1]!)}  (${((total[1]! / people) / 1024).toFixed(1)} KB per sign-up after)`);
  await client.end();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
