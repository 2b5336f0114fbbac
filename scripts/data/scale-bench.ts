/**
 * `npm run bench:scale -- [--pglite | --postgres URL] [--short] [--people N] [--rounds N] [--samples N]`:
 * does a route cost the same after a year of a successful product? (#29)
 *
 * Opens two fresh databases side by side, one empty and one seeded with a year of data
 * (scripts/data/seed.ts: 500,000 sign-ups on Postgres, 50,000 on PGlite, with their sessions,
 * refresh tokens, codes, messages, subscriptions, checkouts and analytics events), runs the real app
 * on each, listening on a port, and measures the routes a person waits on over HTTP and the jobs
 * (scripts/data/scale-routes.ts) in interleaved rounds — empty, full, full, empty, … — so a machine
 * shared with other work slows both alike. Prints per route p50 and p99 at both sizes, the ratio,
 * and the goal (within 1.3× at p50 and p99) met or missed.
 *
 * Postgres: the server in URL (default postgres://postgres@127.0.0.1:5432/); the two databases are
 * created there and dropped after, whatever the URL's database is. PGlite: two data directories
 * under the system's temporary directory, removed after. `--short` is a smoke size (2,000 sign-ups,
 * 2 rounds). Not part of `npm test`: a benchmark (tests/server/data/scale-bench.test.ts runs its
 * pieces on a few hundred rows).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { parseEnv } from '../../server/config/env';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { runRetention } from '../../server/retention/job';
import { retentionPeriods } from '../../server/retention/periods';
import { roomyLimits } from '../../tests/helpers/roomy-limits';
import { measures, prepareTarget, type Target } from './scale-routes';
import { formatScaleTable, scaleRows } from './scale-stats';
import { seedYearOfData, tableRows } from './seed';

const { values: args } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    postgres: { type: 'string' },
    short: { type: 'boolean', default: false },
    people: { type: 'string' },
    rounds: { type: 'string' },
    samples: { type: 'string' },
  },
});

const kind = args.pglite ? 'pglite' : 'postgres';
const people = Number(args.people ?? (args.short ? 2_000 : kind === 'postgres' ? 500_000 : 50_000));
const rounds = Number(args.rounds ?? (args.short ? 2 : 10));
const samplesPerRound = Number(args.samples ?? (args.short ? 5 : 30));
const server = new URL(args.postgres ?? 'postgres://postgres@127.0.0.1:5432/');

const env = parseEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  ...roomyLimits,
  // Each sample comes from its own forwarded address, so per-address limits never answer 429.
  TRUSTED_PROXIES: '127.0.0.1',
  GREETINGS_RATE_LIMIT: '100000',
  ANALYTICS_RATE_LIMIT_PER_MINUTE: '1000000',
});

interface Opened {
  database: DatabaseHandle;
  dispose(): Promise<void>;
}

async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: new URL('/postgres', server).toString() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A fresh, migrated database of the kind under test, and how to throw it away. */
async function openFresh(label: string): Promise<Opened> {
  if (kind === 'postgres') {
    const name = `scale_${label}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const database = openDatabase({ kind: 'postgres', url: new URL(`/${name}`, server).toString() });
    await migrate(database.db);
    return { database, dispose: () => adminQuery(`drop database if exists ${name} with (force)`) };
  }
  const dir = mkdtempSync(join(tmpdir(), `scale-${label}-`));
  const database = openDatabase({ kind: 'pglite', dataDir: dir });
  await migrate(database.db);
  return { database, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function sizeOf(database: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ size: string }>`select pg_size_pretty(pg_database_size(current_database())) as size`.execute(database.db);
  return rows[0]!.size;
}

async function main(): Promise<void> {
  const opened: Opened[] = [];
  const targets: Target[] = [];
  try {
    const empty = await openFresh('empty');
    opened.push(empty);
    const full = await openFresh('full');
    opened.push(full);

    const now = new Date();
    const seeding = performance.now();
    // A year of use: two sessions each with three refresh tokens (3 per sign-up live or spent), ten
    // analytics events, three codes and messages (scripts/data/seed.ts says the rest).
    await seedYearOfData(full.database.db, { people, now, eventsPerPerson: 10, tokensPerSession: 3 });
    const rows = await tableRows(full.database.db);
    console.log(`${kind}: ${people.toLocaleString('en')} sign-ups seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s, ${await sizeOf(full.database)}`);
    console.log(Object.entries(rows).filter(([, count]) => count > 0).map(([table, count]) => `${table} ${count.toLocaleString('en')}`).join(', '));

    // The first retention run after seeding deletes a year of leftovers at once; the rounds measure
    // the steady state (a run every few minutes), so both databases get that first run untimed.
    for (const { database } of [empty, full]) {
      const started = performance.now();
      const result = await runRetention(database, now, retentionPeriods(env));
      console.log(`first retention run on the ${database === full.database ? 'full' : 'empty'} database: ${((performance.now() - started) / 1000).toFixed(1)} s, deleted ${JSON.stringify(result.deleted ?? {})}`);
    }

    // Seeding and that first run leave millions of dead rows and gigabytes of dirty pages: autovacuum
    // and the checkpointer would then work through the rounds (every commit waiting on a busy disk,
    // the retention job's index scans stepping over deleted entries: 308 ms a run instead of 1 ms).
    // A database a year old is past that: both are vacuumed and checkpointed first. (PGlite's job
    // vacuums and checkpoints at the end of every run.)
    if (kind === 'postgres') {
      for (const { database } of [empty, full]) {
        await sql`vacuum analyze`.execute(database.db);
        await sql`checkpoint`.execute(database.db);
      }
    }

    for (const [label, handle] of [['empty', empty.database], ['full', full.database]] as const) {
      const app = await buildApp({ env, database: handle, logger: pino({ level: 'silent' }) });
      await app.ready();
      targets.push(await prepareTarget(label, app));
    }

    const samples = new Map<string, Map<string, number[]>>(targets.map((target) => [target.label, new Map()]));
    const record = (label: string) => (name: string, ms: number) => {
      const byName = samples.get(label)!;
      byName.set(name, [...(byName.get(name) ?? []), ms]);
    };
    // Round 0 warms both apps (statement caches, JIT) and is not counted.
    for (let round = 0; round <= rounds; round += 1) {
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        for (const measure of measures) {
          for (let sample = 0; sample < samplesPerRound; sample += 1) {
            await measure.sample(target, round === 0 ? () => undefined : record(target.label));
          }
        }
      }
      if (round > 0) process.stdout.write(`round ${round}/${rounds} done\n`);
    }

    console.log(`\n${kind}, ${people.toLocaleString('en')} sign-ups against an empty database; ${rounds} interleaved rounds of ${samplesPerRound} samples each`);
    console.log(formatScaleTable(scaleRows(samples.get('empty')!, samples.get('full')!)));
  } finally {
    for (const target of targets) await target.app.close();
    for (const { database, dispose } of opened) {
      // An app closed above owns nothing here (ownsDatabase unset): close each handle, then drop it.
      await database.close().catch(() => undefined);
      await dispose();
    }
  }
}

await main();
