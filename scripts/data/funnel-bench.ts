/**
 * `npm run bench:funnel -- [pglite|postgres] [events]`: the funnel report's cost before and after the
 * rollup (#29.2). Seeds `events` funnel events over the year before a fixed day (100,000 on PGlite,
 * 500,000 on Postgres by default; Postgres is the server in TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, in a throw-away database), builds the rollup from them
 * (the migration's backfill, timed), then prints the median of 3 reports for 30 and 365 days from
 * the raw events (the report as it was) and from the rollup (as it is), and the slowest
 * GET /v1/business answered while each 365-day report runs (one request in flight at a time).
 * `events` may be written 500k or 5M; above 1M the raw report runs once per case (its time is that
 * one run) and the load test runs during the rollup's report only.
 * Not part of `npm test`.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { FunnelDimension } from '../../core/contracts/analytics';
import { funnelReport, type FunnelRange } from '../../server/analytics/funnel';
import { rollUpStoredEvents } from '../../server/analytics/funnel-days';
import { funnelReportFromEvents } from '../../server/analytics/funnel-raw';
import { buildTestApp, manualClock } from '../../tests/helpers/app';
import { createUser } from '../../tests/server/onboarding/users';
import { seedFunnelEvents } from './funnel-seed';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
/** '5M', '500k' or a plain number. */
function parseCount(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text);
  if (!match) throw new Error(`expected a number of events like 500000, 500k or 5M, got ${text}`);
  const unit = { '': 1, k: 1e3, m: 1e6 }[match[2]!.toLowerCase() as '' | 'k' | 'm'];
  return Math.round(Number(match[1]) * unit);
}
const events = parseCount(process.argv[3] ?? (kind === 'postgres' ? '500k' : '100k'));
/** Above this the raw report takes tens of seconds: it is run once, as the answer to compare, not timed three times. */
const RAW_TIMED_UP_TO = 1_000_000;
const now = new Date('2026-11-01T12:00:00Z');
const DAY = 86_400_000;

if (kind === 'postgres') {
  process.env.TEST_DATABASE = 'postgres';
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

async function median(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 3; run += 1) times.push((await timed(work)).ms);
  return times.sort((a, b) => a - b)[1]!;
}

/**
 * The slowest GET /v1/business while `work` runs. Requests are due every 10 ms, one in flight at a
 * time, and each is timed from when it was due: the embedded database runs on this thread, so a
 * request that could not even start while a query ran counts the wait it suffered.
 */
async function slowestRequestDuring(app: FastifyInstance, headers: Record<string, string>, work: () => Promise<unknown>): Promise<{ maxMs: number; requests: number }> {
  let running = true;
  let maxMs = 0;
  let requests = 0;
  const started = performance.now();
  const load = (async () => {
    while (running) {
      const due = started + requests * 10;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const response = await app.inject({ method: 'GET', url: '/v1/business', headers });
      if (response.statusCode >= 500) throw new Error(`GET /v1/business answered ${response.statusCode}`);
      maxMs = Math.max(maxMs, performance.now() - due);
      requests += 1;
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await work();
  await new Promise((resolve) => setTimeout(resolve, 50));
  running = false;
  await load;
  return { maxMs, requests };
}

const day = (offset: number) => new Date(now.getTime() - offset * DAY).toISOString().slice(0, 10);
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

async function main(): Promise<void> {
  const app = await buildTestApp({ clock: manualClock(now) });
  try {
    const seeding = await timed(() => seedFunnelEvents(app.db, { events, now, apiKey: app.publicSettings.analyticsApiKey! }));
    const backfill = await timed(() => rollUpStoredEvents(app.db, { from: new Date(now.getTime() - 367 * DAY), to: new Date(now.getTime() + 2 * DAY) }));
    const { rows } = await sql<{ events: number; days: number; people: number; spans: number }>`
      select (select count(*)::int from analytics_events) as events, (select count(*)::int from analytics_funnel_days) as days,
        (select count(*)::int from analytics_funnel_people) as people, (select count(*)::int from analytics_funnel_spans) as spans`.execute(app.db);
    const counts = rows[0]!;
    console.log(`${kind}: ${counts.events} events seeded in ${fmt(seeding.ms)}; rollup ${counts.days} person-days (${counts.people} people, ${counts.spans} spans) built in ${fmt(backfill.ms)}`);

    const ranges: Array<[string, FunnelRange]> = [
      ['30 days', { from: day(29), to: day(0) }],
      ['365 days', { from: day(364), to: day(0) }],
    ];
    const splits: Array<FunnelDimension | null> = [null, 'landing'];
    console.log('report                         raw events   rollup   same answer');
    for (const [name, range] of ranges) {
      for (const split of splits) {
        const reference = await timed(() => funnelReportFromEvents(app.db, range, split));
        const raw = events <= RAW_TIMED_UP_TO ? await median(() => funnelReportFromEvents(app.db, range, split)) : reference.ms;
        const rolled = await median(() => funnelReport(app.database, range, split));
        const same = JSON.stringify(reference.result) === JSON.stringify(await funnelReport(app.database, range, split));
        console.log(`${`${name}, ${split ? `split ${split}` : 'no split'}`.padEnd(30)} ${fmt(raw).padStart(10)} ${fmt(rolled).padStart(8)}   ${same ? 'yes' : 'NO'}`);
      }
    }

    const user = await createUser(app);
    await slowestRequestDuring(app, user.headers, () => new Promise((resolve) => setTimeout(resolve, 1000)));
    const idle = await slowestRequestDuring(app, user.headers, () => new Promise((resolve) => setTimeout(resolve, 1000)));
    const year = ranges[1]![1];
    const duringRaw = events <= RAW_TIMED_UP_TO ? await slowestRequestDuring(app, user.headers, () => funnelReportFromEvents(app.db, year, null)) : null;
    const duringRollup = await slowestRequestDuring(app, user.headers, () => funnelReport(app.database, year, null));
    const rawPart = duringRaw ? `from raw events ${fmt(duringRaw.maxMs)} (${duringRaw.requests}), ` : '';
    console.log(`GET /v1/business, slowest: idle ${fmt(idle.maxMs)} (${idle.requests} requests); during the 365-day report ${rawPart}from the rollup ${fmt(duringRollup.maxMs)} (${duringRollup.requests})`);
  } finally {
    await app.close();
  }
}

await main();
