import { spawn } from 'node:child_process';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type KyselyPlugin } from 'kysely';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { parseEnv } from '../../../server/config/env';
import errorHandlerPlugin from '../../../server/http/error-handler';
import { contractSerializerCompiler } from '../../../server/http/response-serializer';
import { projectRoot } from '../../../server/config/project-root';
import envPlugin from '../../../server/config/plugin';
import { openDatabase } from '../../../server/db/client';
import { migrationsDir } from '../../../server/db/migrate';
import databasePlugin from '../../../server/db/plugin';
import { recentJobRuns } from '../../../server/jobs/job-runs';
import jobsAdminRoutes from '../../../server/jobs/admin-routes';
import jobsPlugin from '../../../server/jobs/plugin';
import metricsPlugin from '../../../server/observability/plugin';
import { runBillingCycle } from '../../../server/payments/billing';
import { buildTestApp, manualClock } from '../../helpers/app';
import { createTestDatabase } from '../../helpers/database';
import { createValidatedUser, payForm, startCheckout } from '../payments/helpers';

const until = async (check: () => Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('jobs on the Postgres queue', () => {
  let app: FastifyInstance;
  let tries = 0;

  beforeAll(async () => {
    app = Fastify({ loggerInstance: pino({ level: 'silent' }) as FastifyBaseLogger });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(contractSerializerCompiler);
    await app.register(envPlugin, { env: parseEnv({ NODE_ENV: 'test', METRICS_PORT: '0', ADMIN_TOKEN: 'team-token-0123456789' }) });
    await app.register(databasePlugin, { database: await createTestDatabase(), ownsDatabase: true });
    await app.register(metricsPlugin);
    await app.register(errorHandlerPlugin);
    // Idle workers ask every 0.5 s (pg-boss' floor) instead of 2 s: the runs below are awaited, not timed.
    await app.register(jobsPlugin, { pollingIntervalSeconds: 0.5 });
    app.jobs.define({
      name: 'flaky',
      cron: '0 0 1 1 *',
      retryLimit: 2,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async run() {
        tries += 1;
        if (tries === 1) throw new Error('the provider timed out');
        return { settled: tries };
      },
    });
    app.jobs.define({
      name: 'broken',
      cron: '0 0 1 1 *',
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async run() {
        throw new Error('the card network refused every call');
      },
    });
    await app.register(jobsAdminRoutes);
    await app.ready();
  });
  afterAll(() => app.close());

  it('shows a failed run to the team, behind the admin rule', async () => {
    await app.jobs.runNow('broken');
    await until(async () => (await recentJobRuns(app.db)).some((run) => run.job === 'broken' && run.state === 'failed'));
    expect((await app.inject({ method: 'GET', url: '/admin/jobs.json' })).statusCode).toBe(401);
    const page = await app.inject({ method: 'GET', url: '/admin/jobs', headers: { authorization: 'Bearer team-token-0123456789' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('the card network refused every call');
    const json = await app.inject({ method: 'GET', url: '/admin/jobs.json', headers: { authorization: 'Bearer team-token-0123456789' } });
    expect(json.json<{ runs: { job: string; state: string }[] }>().runs).toContainEqual(expect.objectContaining({ job: 'broken', state: 'failed' }));
    expect(await app.metrics.registry.metrics()).toMatch(/job_runs_total\{job="broken",outcome="failed"\} 1/);
  }, 30_000);

  it('retries a failed run with backoff, keeps both outcomes in the history and the metrics', async () => {
    expect(await app.jobs.runNow('flaky')).toBeTypeOf('string');
    await until(async () => (await recentJobRuns(app.db)).some((run) => run.job === 'flaky' && run.state === 'completed'));
    const [run] = (await recentJobRuns(app.db)).filter((entry) => entry.job === 'flaky');
    expect(run).toMatchObject({ state: 'completed', retries: 1, output: { settled: 2 } });
    const text = await app.metrics.registry.metrics();
    expect(text).toMatch(/job_runs_total\{job="flaky",outcome="failed"\} 1/);
    expect(text).toMatch(/job_runs_total\{job="flaky",outcome="ok"\} 1/);
    // Scheduled once for every instance, in the queue's own table.
    const { rows } = await sql<{ cron: string }>`select cron from pgboss.schedule where name = 'flaky'`.execute(app.db);
    expect(rows).toEqual([{ cron: '0 0 1 1 *' }]);
  }, 30_000);
});

/**
 * Holds the result of the worker's fetch that hands out a run of `queue` (the database has answered,
 * pg-boss has not seen it yet) until released: a fetch under way when a deploy stops the app.
 */
function holdFetchOf(queue: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let caught!: () => void;
  const held = new Promise<void>((resolve) => { caught = resolve; });
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    async transformResult({ result }) {
      const row = result.rows[0] as Record<string, unknown> | undefined;
      if (row?.name === queue && 'data' in row && 'expireInSeconds' in row) {
        caught();
        await released;
      }
      return result;
    },
  };
  return { plugin, held, release };
}

describe('closing the app', () => {
  it('waits for a run fetched while the queue stops, and writes its end before the database goes', async () => {
    const database = await createTestDatabase();
    const fetch = holdFetchOf('late');
    const order: string[] = [];
    const app = Fastify({ loggerInstance: pino({ level: 'silent' }) as FastifyBaseLogger });
    await app.register(envPlugin, { env: parseEnv({ NODE_ENV: 'test' }) });
    await app.register(databasePlugin, { database: { ...database, db: database.db.withPlugin(fetch.plugin) }, ownsDatabase: false });
    // Registered before the queue, so Fastify runs it after the queue's own onClose: where the database would close.
    app.addHook('onClose', async () => { order.push('database closes'); });
    await app.register(metricsPlugin);
    await app.register(jobsPlugin, { pollingIntervalSeconds: 0.5 });
    app.jobs.define({
      name: 'late', cron: '0 0 1 1 *', retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60,
      async run() {
        await sql`select 1`.execute(app.db);
        order.push('run');
        return { ran: true };
      },
    });
    await app.ready();
    await app.jobs.runNow('late');
    await fetch.held;
    const closed = app.close();
    // pg-boss' own stop is over within a few event-loop turns; the fetch answers well after it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    fetch.release();
    await closed;
    expect(order).toEqual(['run', 'database closes']);
    const { rows } = await sql<{ state: string; output: unknown }>`select state, output from pgboss.job where name = 'late'`.execute(database.db);
    expect(rows).toEqual([{ state: 'completed', output: { ran: true } }]);
    await database.close();
  }, 30_000);
});

describe('the job queue\'s schema', () => {
  it('is what the installed pg-boss builds (an upgrade needs a migration of its own)', async () => {
    const migration = readFileSync(join(migrationsDir, '1051_job_queue.sql'), 'utf8');
    const plan = PgBoss.getConstructionPlans('pgboss');
    const body = plan.slice(plan.indexOf('CREATE SCHEMA'), plan.lastIndexOf('COMMIT;')).trim();
    expect(migration).toContain(body);
  });

  it('lets two instances start together on one database', async () => {
    const database = await createTestDatabase();
    const build = async () => {
      const app = Fastify({ loggerInstance: pino({ level: 'silent' }) as FastifyBaseLogger });
      await app.register(envPlugin, { env: parseEnv({ NODE_ENV: 'test' }) });
      await app.register(databasePlugin, { database, ownsDatabase: false });
      await app.register(metricsPlugin);
      await app.register(jobsPlugin);
      app.jobs.define({ name: 'twin', cron: '0 0 1 1 *', retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60, run: async () => ({}) });
      await app.ready();
      return app;
    };
    const apps = await Promise.all([build(), build()]);
    // Neither left the shared connection inside a failed transaction.
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
    await Promise.all(apps.map((app) => app.close()));
    await database.close();
  }, 60_000);
});

describe('billing charges each period once', () => {
  const clock = manualClock(new Date('2026-05-04T08:00:00Z'));
  let app: FastifyInstance;
  const subscriptions = 40;

  beforeAll(async () => {
    app = await buildTestApp({ clock });
    for (let index = 0; index < subscriptions; index += 1) {
      const user = await createValidatedUser(app);
      const paid = await app.inject({ method: 'POST', url: await startCheckout(app, user, 'interval=monthly&plan=starter&currency=EUR'), ...payForm('4242424242424242') });
      if (paid.statusCode !== 303) throw new Error(`checkout answered ${paid.statusCode}`);
    }
    clock.advance(8 * 24 * 3600_000);
  }, 120_000);
  afterAll(() => app.close());

  const paidPerSubscription = async () =>
    app.db.selectFrom('charges').select(['subscription_id', app.db.fn.countAll<number>().as('paid')]).where('status', '=', 'succeeded').groupBy('subscription_id').execute();

  it('with a run killed mid-way, then three instances running at once', async () => {
    const url = (app.database as { url?: string }).url;
    if (url) {
      // A worker process on the same Postgres, killed (SIGKILL) inside a charge. Where is not left to
      // timing (on a quiet machine it had charged all 40 before a kill from here arrived): the worker
      // kills itself right after writing its 20th charge, its transaction open, the subscription row
      // locked, 19 charges committed before it.
      const killAt = subscriptions / 2;
      const source = `const { openDatabase } = await import('./server/db/client.ts'); const { runBillingCycle } = await import('./server/payments/billing.ts');
        const handle = openDatabase({ kind: 'postgres', url: process.argv[1] });
        const chargeWrites = new WeakSet(); let written = 0;
        const dieInsideACharge = {
          transformQuery: ({ node, queryId }) => { if (node.kind === 'InsertQueryNode' && node.into?.table?.identifier?.name === 'charges') chargeWrites.add(queryId); return node; },
          transformResult: async ({ queryId, result }) => { if (chargeWrites.has(queryId) && ++written === Number(process.argv[3])) process.kill(process.pid, 'SIGKILL'); return result; },
        };
        await runBillingCycle(handle.db.withPlugin(dieInsideACharge), new Date(process.argv[2])); await handle.close();`;
      const worker = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source, url, clock.now().toISOString(), String(killAt)], { cwd: projectRoot(), stdio: ['ignore', 'ignore', 'pipe'] });
      // What the worker said, should it end otherwise than killed (once in CI under load: exit, no signal).
      let said = '';
      worker.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => worker.on('exit', (code, signal) => resolve([code, signal])));
      expect(signal, `the worker exited with ${code}: ${said}`).toBe('SIGKILL');
      // Its open transaction is rolled back with the lost connection: the 20th charge is not there.
      expect(await paidPerSubscription()).toHaveLength(killAt - 1);
      // Its row lock goes with its backend, which the three instances below must find gone (they skip
      // a locked row, as two live instances must).
      await until(async () => (await sql<{ busy: number }>`select count(*)::int as busy from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`.execute(app.db)).rows[0]!.busy === 0);
    }
    // Three instances: on Postgres three pools, on the embedded database three callers of one.
    const handles = url ? [openDatabase({ kind: 'postgres', url }), openDatabase({ kind: 'postgres', url })] : [];
    try {
      const dbs = [app.db, ...handles.map((handle) => handle.db), ...(url ? [] : [app.db, app.db])];
      await Promise.all(dbs.map((db) => runBillingCycle(db, clock.now())));
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
    const paid = await paidPerSubscription();
    expect(paid).toHaveLength(subscriptions);
    expect(paid.every((row) => Number(row.paid) === 1)).toBe(true);
    const active = await app.db.selectFrom('subscriptions').select('id').where('status', '=', 'active').execute();
    expect(active).toHaveLength(subscriptions);
  }, 120_000);

  it('refuses a second paid charge for a period in the database itself', async () => {
    const charge = await app.db.selectFrom('charges').selectAll().where('status', '=', 'succeeded').limit(1).executeTakeFirstOrThrow();
    const { id: _id, created_at: _created, provider_ref: _ref, ...copy } = charge;
    await expect(app.db.insertInto('charges').values({ ...copy, provider_ref: null }).execute()).rejects.toThrow(/charges_one_paid_per_period/);
  });
});
