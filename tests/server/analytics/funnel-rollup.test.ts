import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelDimension, IngestEvent } from '../../../core/contracts/analytics';
import type { FunnelRange } from '../../../server/analytics/funnel';
import { funnelReport } from '../../../server/analytics/funnel';
import { rollUpStoredEvents } from '../../../server/analytics/funnel-days';
import { funnelReportFromEvents } from '../../../server/analytics/funnel-raw';
import { storeEvents } from '../../../server/analytics/store';
import { migrationsDir } from '../../../server/db/migrate';
import { runRetention } from '../../../server/retention/job';
import { retentionPeriods } from '../../../server/retention/periods';
import { buildTestApp, manualClock } from '../../helpers/app';
import { journey } from './journey';

const DAY = 86_400_000;
const FIRST_DAY = Date.parse('2026-01-01T00:00:00Z');
const clock = manualClock(new Date('2026-04-01T12:00:00Z'));

/** A small deterministic generator (mulberry32), so every run seeds the same traffic. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * 90 days of traffic that exercises what the rollup must merge: journeys over several days, people
 * who come back from another landing page or language, steps out of order, a skipped verify-phone,
 * events with no device (a signed-in user only), noise events, SDK retries (same insert_id) and a
 * once-per-user milestone sent again from a second device (stored once). Every event of a person
 * has its own time, so "first touch" has one answer.
 */
function traffic(): IngestEvent[] {
  const next = random(29);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const events: IngestEvent[] = [];
  for (let person = 0; person < 160; person += 1) {
    const device = person % 11 === 0 ? undefined : `device-${person}`;
    const user = person % 3 === 0 || !device ? `user-${person}` : undefined;
    let time = FIRST_DAY + Math.floor(next() * 85) * DAY + Math.floor(next() * 20) * 3_600_000 + person * 1000;
    const depth = 1 + Math.floor(next() * journey.length);
    for (let index = 0; index < depth; index += 1) {
      const [eventType, step] = journey[index]!;
      // Some steps come back days later; some arrive before the previous step (out of order).
      time += next() < 0.2 ? Math.floor(1 + next() * 3) * DAY : next() < 0.08 ? -7_200_000 : 60_000 + Math.floor(next() * 600_000);
      const skipped = step === 'verify-phone' && next() < 0.3;
      const touch = next() < 0.25 ? {} : { landing: pick(['start', 'demo', 'form', 'pricing']), lng: pick(['en', 'fr']), ...(next() < 0.6 ? { utm_source: pick(['google', 'newsletter', 'partner']) } : {}) };
      const event: IngestEvent = {
        event_type: skipped ? 'onboarding step skipped' : eventType,
        ...(device ? { device_id: device } : {}),
        ...(user && (index > 0 || !device) ? { user_id: user } : {}),
        time,
        insert_id: `${person}-${index}`,
        event_properties: { ...touch, ...(step ? { step } : {}) },
      };
      events.push(event);
      if (next() < 0.05) events.push({ ...event });
      if (eventType === 'trial started' && user && device) events.push({ ...event, device_id: `${device}-other-tab`, insert_id: `${person}-again`, time: time - 30_000 });
      if (next() < 0.1) events.push({ event_type: 'greeting generated', ...(device ? { device_id: device } : {}), time: time + 1, event_properties: { landing: 'noise' } });
    }
  }
  return events;
}

const periods: FunnelRange[] = [
  { from: '2026-01-01', to: '2026-03-31' },
  { from: '2026-01-10', to: '2026-01-10' },
  { from: '2026-01-15', to: '2026-01-21' },
  { from: '2026-02-01', to: '2026-03-02' },
  { from: '2026-03-20', to: '2026-04-01' },
];
const splits: Array<FunnelDimension | null> = [null, 'landing', 'utm_source', 'lng'];

describe('funnel report from the rollup', () => {
  let app: FastifyInstance;

  /** Every period and split, as the report answers from the rollup. */
  const allReports = async () => {
    const reports = [];
    for (const range of periods) for (const split of splits) reports.push(await funnelReport(app.database, range, split));
    return reports;
  };

  // Migration 0960's backfill: every person merged from their days in one pass.
  const peopleFromDays = (() => {
    const migration = readFileSync(join(migrationsDir, '0960_analytics_funnel_spans.sql'), 'utf8');
    return migration.slice(migration.lastIndexOf('insert into analytics_funnel_people')).replace(/;\s*$/, '');
  })();
  const personColumns = sql.raw(`person, first_day, last_day, visitors_at, code_verified_at, step_verify_phone_at, step_size_at, step_details_at,
    step_crm_at, paywall_at, trial_at, finished_at, landing, landing_at, utm_source, utm_source_at, lng, lng_at`);
  const storedPeopleAndSpans = async () => ({
    people: (await sql`select ${personColumns} from analytics_funnel_people order by person`.execute(app.db)).rows,
    spans: (await sql`select first_day, last_day, landing, utm_source, lng, reached, people from analytics_funnel_spans where people <> 0 order by 1, 2, 3, 4, 5, 6`.execute(app.db)).rows,
  });

  /** What the triggers keep equals one pass over the days (people) and over the people (spans). */
  const expectPeopleAndSpansFollowDays = async () => {
    const kept = await storedPeopleAndSpans();
    const select = peopleFromDays.slice(peopleFromDays.indexOf('select'));
    const merged = await sql`select * from (${sql.raw(select)}) as merged (${personColumns}) order by person`.execute(app.db);
    expect(kept.people).toEqual(merged.rows);
    const spans = await sql`select first_day, last_day, landing, utm_source, lng,
        analytics_funnel_reached(visitors_at, code_verified_at, step_verify_phone_at, step_size_at, step_details_at, step_crm_at, paywall_at, trial_at, finished_at) as reached,
        count(*)::int as people
      from analytics_funnel_people group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`.execute(app.db);
    expect(kept.spans).toEqual(spans.rows);
    expect(kept.people.length).toBeGreaterThan(0);
    return kept;
  };

  beforeAll(async () => {
    app = await buildTestApp({ clock });
    const events = traffic();
    for (let index = 0; index < events.length; index += 250) {
      await storeEvents(app.db, { apiKey: app.publicSettings.analyticsApiKey!, events: events.slice(index, index + 250), receivedAt: clock.now(), ip: null });
    }
  });
  afterAll(() => app.close());

  it('answers what the raw events answer, for several periods and each split', async () => {
    const fromRollup = await allReports();
    let index = 0;
    for (const range of periods) {
      for (const split of splits) {
        expect(fromRollup[index], `${range.from}..${range.to} split ${split}`).toEqual(await funnelReportFromEvents(app.db, range, split));
        index += 1;
      }
    }
    // The seeded traffic goes deep and splits: the comparison is not between two empty reports.
    const whole = fromRollup[1]!;
    expect(whole.total.steps[0]!.count).toBeGreaterThan(100);
    expect(whole.total.steps[8]!.count).toBeGreaterThan(0);
    expect(whole.segments.length).toBeGreaterThan(2);
  });

  it('is rebuilt the same from the stored events (the job step and the migration), and a second backfill changes nothing', async () => {
    const before = await allReports();
    await sql`delete from analytics_funnel_days`.execute(app.db);
    const range = { from: new Date(FIRST_DAY), to: new Date(FIRST_DAY + 120 * DAY) };
    await rollUpStoredEvents(app.db, range);
    expect(await allReports()).toEqual(before);
    await rollUpStoredEvents(app.db, range);
    expect(await allReports()).toEqual(before);
    // The migration's own backfill (its SQL, as a database with events before the rollup runs it).
    await sql`delete from analytics_funnel_days`.execute(app.db);
    const migration = readFileSync(join(migrationsDir, '0950_analytics_funnel_days.sql'), 'utf8');
    const backfill = migration.slice(migration.indexOf('insert into analytics_funnel_days'));
    await sql.raw(backfill).execute(app.db);
    await sql.raw(backfill).execute(app.db);
    expect(await allReports()).toEqual(before);
  });

  it('keeps people and spans equal to the days merged again, and the spans migration rebuilds them the same', async () => {
    const kept = await expectPeopleAndSpansFollowDays();
    // The periods above end inside multi-day journeys: both halves of the report are exercised.
    const crossing = await sql<{ n: number }>`select count(*)::int as n from analytics_funnel_people where first_day < '2026-01-15' and last_day >= '2026-01-15'`.execute(app.db);
    expect(crossing.rows[0]!.n).toBeGreaterThan(0);

    const before = await allReports();
    await sql`delete from analytics_funnel_people`.execute(app.db);
    expect((await sql<{ n: number }>`select count(*)::int as n from analytics_funnel_spans where people <> 0`.execute(app.db)).rows[0]!.n).toBe(0);
    await sql.raw(peopleFromDays).execute(app.db);
    expect(await storedPeopleAndSpans()).toEqual(kept);
    expect(await allReports()).toEqual(before);
  });

  it('merges twelve batches of the same people stored at once (no lost update, no deadlock)', async () => {
    const day = Date.parse('2026-03-25T08:00:00Z');
    const events: IngestEvent[] = [];
    for (let person = 0; person < 24; person += 1) {
      journey.forEach(([eventType, step], index) =>
        events.push({
          event_type: eventType,
          device_id: `rush-${person}`,
          time: day + person * 1000 + index * 60_000,
          insert_id: `rush-${person}-${index}`,
          event_properties: { landing: index % 2 ? 'demo' : 'start', lng: 'fr', ...(step ? { step } : {}) },
        }),
      );
    }
    // Each batch holds every person, a different slice of their journey, in a different order.
    const batches = Array.from({ length: 12 }, (_, batch) => events.filter((_, index) => index % 12 === batch).reverse());
    await Promise.all(batches.map((batch) => storeEvents(app.db, { apiKey: app.publicSettings.analyticsApiKey!, events: batch, receivedAt: clock.now(), ip: null })));
    const range = { from: '2026-03-25', to: '2026-03-25' };
    for (const split of splits) expect(await funnelReport(app.database, range, split)).toEqual(await funnelReportFromEvents(app.db, range, split));
    await expectPeopleAndSpansFollowDays();
  });

  it('keeps the report whole after the retention job deletes the old events', async () => {
    const before = await allReports();
    const now = new Date('2026-04-01T12:00:00Z');
    // Events older than 45 days go: everything before 2026-02-15.
    const result = await runRetention(app.database, now, { ...retentionPeriods(app.env), analyticsEventMs: 45 * DAY });
    expect(result.deleted['analytics events']).toBeGreaterThan(0);
    const january = { from: '2026-01-01', to: '2026-01-31' };
    expect((await funnelReportFromEvents(app.db, january, null)).total.steps[0]!.count).toBe(0);
    expect(await allReports()).toEqual(before);
  });
});
