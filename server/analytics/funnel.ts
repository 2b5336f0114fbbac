import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FunnelDimension, FunnelFilter, FunnelReport, FunnelSegment, FunnelStepResult } from '../../core/contracts/analytics';
import type { DatabaseHandle } from '../db/client';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { funnelSteps, stepColumn } from './funnel-steps';

export { funnelSteps, type FunnelStepDefinition } from './funnel-steps';

const MAX_SEGMENTS = 12;

/** On Postgres the report gives up after this long (503 REPORT_TIMEOUT) rather than hold a connection. */
export const FUNNEL_STATEMENT_TIMEOUT_MS = 10_000;

export interface FunnelRange {
  /** Inclusive first day, YYYY-MM-DD (UTC). */
  from: string;
  /** Inclusive last day, YYYY-MM-DD (UTC). */
  to: string;
}

/** How many people of one split value reached exactly `reached` steps (0..n) in order. */
export interface ReachedCount {
  value: string | null;
  reached: number;
  people: number;
}

/** The range's first instant and the instant after its last day (UTC). */
export function rangeInstants(range: FunnelRange): { start: Date; end: Date } {
  const start = new Date(`${range.from}T00:00:00.000Z`);
  const end = new Date(`${range.to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start, end };
}

/**
 * Counts people (a device, else a signed-in user) who reached each step in order within the range:
 * someone counts at a step only if they reached every earlier step, no later than this one (an
 * ordered funnel, as Amplitude draws them). A person's landing page, utm_source and language are
 * those of their first event in the range that carried one (first touch).
 *
 * Read from the rollups, so old events deleted by the retention job still count and the cost does
 * not follow the range's events or people: the people whose days all lie in the range are counted
 * per span of days (analytics_funnel_spans, migration 0960: a few thousand counts a year), and only
 * those whose days cross one of the range's ends are merged from their days (analytics_funnel_days).
 * Two small statements: on the embedded database with a turn of the event loop between them, on
 * Postgres in one transaction with a timeout.
 */
export async function funnelReport(
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  range: FunnelRange,
  split: FunnelDimension | null,
  filter: FunnelFilter = {},
): Promise<FunnelReport> {
  if (database.kind === 'pglite') {
    const counts = await spanCounts(database.db, range, split, filter);
    // PGlite runs on this thread: a turn of the event loop lets requests that arrived meanwhile reach
    // the connection's queue between the two statements, each a few milliseconds.
    await new Promise((resolve) => setImmediate(resolve));
    counts.push(...(await crossingCounts(database.db, range, split, filter)));
    return assembleReport(range, split, counts);
  }
  try {
    const counts = await database.db.transaction().execute(async (trx) => {
      await sql`select set_config('statement_timeout', ${String(FUNNEL_STATEMENT_TIMEOUT_MS)}, true)`.execute(trx);
      return [...(await spanCounts(trx, range, split, filter)), ...(await crossingCounts(trx, range, split, filter))];
    });
    return assembleReport(range, split, counts);
  } catch (error) {
    if ((error as { code?: unknown }).code === '57014') throw new HttpError(503, 'REPORT_TIMEOUT', 'The funnel report took too long; try a shorter range');
    throw error;
  }
}

/** The people whose days all lie in the range, by split value and how far they went: sums of their spans. */
async function spanCounts(db: Kysely<Database>, range: FunnelRange, split: FunnelDimension | null, filter: FunnelFilter): Promise<ReachedCount[]> {
  // A person's span carries their first touch over all their days, which is the range's when all lie in it.
  const kept = Object.entries(filter).map(([dimension, wanted]) => sql`${sql.ref(dimension)} = ${wanted}`);
  const result = await sql<ReachedCount>`
    select ${split ? sql.ref(split) : sql`null::text`} as value, reached, sum(people)::int as people
    from analytics_funnel_spans
    where first_day >= ${range.from}::date and last_day <= ${range.to}::date and people <> 0
      ${kept.length ? sql`and ${sql.join(kept, sql` and `)}` : sql``}
    group by 1, 2
  `.execute(db);
  return result.rows;
}

/**
 * The people seen both inside the range and before or after it, by split value and how far they went
 * within it: their days in the range merged (earliest time per step, first touch), as the report
 * once did for everyone. Found through the span index, so their number, not the range's, is the cost.
 */
async function crossingCounts(
  db: Kysely<Database>,
  range: FunnelRange,
  split: FunnelDimension | null,
  filter: FunnelFilter,
): Promise<ReachedCount[]> {
  const firstTimes = funnelSteps.map((step, index) => sql`min(${sql.ref(stepColumn(step))}) as ${sql.ref(`s${index}`)}`);
  const value = split ? firstTouch(split) : sql`null::text`;
  // A filter keeps the people whose first touch had that value, as a split would have grouped them.
  const kept = Object.entries(filter).map(([dimension, wanted]) => sql`${firstTouch(dimension as FunnelDimension)} = ${wanted}`);
  // The ordered check, in SQL's one home for it (migration 0960), which also counts the spans.
  const reached = sql`analytics_funnel_reached(${sql.join(funnelSteps.map((_, index) => sql.ref(`s${index}`)))})`;
  const span = sql`daterange(first_day, last_day, '[]')`;
  // The crossing people first (materialized), then each one's days by key (lateral): left to itself
  // the planner may read every day of the range and join (a prepared statement's generic plan on
  // PGlite: 19 ms for a sixteenth of 200,000 events instead of 1; on Postgres 0.9 s at 5 M).
  const result = await sql<ReachedCount>`
    with crossing as materialized (
      select person from analytics_funnel_people
      where first_day < last_day
        and (${span} @> daterange(${range.from}::date - 1, ${range.from}::date, '[]') or ${span} @> daterange(${range.to}::date, ${range.to}::date + 1, '[]'))
    )
    select value, ${reached} as reached, count(*)::int as people
    from crossing cross join lateral (
      select ${sql.join(firstTimes)}, ${value} as value
      from analytics_funnel_days d
      where d.person = crossing.person and d.day >= ${range.from}::date and d.day <= ${range.to}::date
      -- One row per person with days in the range (an aggregate without them would give a row of nulls).
      having count(*) > 0 ${kept.length ? sql`and ${sql.join(kept, sql` and `)}` : sql``}
    ) people
    group by 1, 2
  `.execute(db);
  return result.rows;
}

/** A person's first value of a dimension in the range (first touch), over their days. */
function firstTouch(dimension: FunnelDimension): RawBuilder<string | null> {
  return sql`(array_agg(${sql.ref(dimension)} order by ${sql.ref(`${dimension}_at`)}) filter (where ${sql.ref(dimension)} is not null))[1]`;
}

/** The report from the people counted per split value and depth (the same for the rollup and the raw events). */
export function assembleReport(range: FunnelRange, split: FunnelDimension | null, counts: readonly ReachedCount[]): FunnelReport {
  const total = segment(null, counts);
  const segments: FunnelSegment[] = [];
  if (split) {
    const groups = new Map<string | null, ReachedCount[]>();
    for (const count of counts) groups.set(count.value, [...(groups.get(count.value) ?? []), count]);
    for (const [value, list] of groups) segments.push(segment(value, list));
    // Most visitors first; among equals, named values before '(none)', then alphabetically.
    segments.sort(
      (a, b) =>
        (b.steps[0]?.count ?? 0) - (a.steps[0]?.count ?? 0) ||
        Number(a.value === null) - Number(b.value === null) ||
        String(a.value).localeCompare(String(b.value)),
    );
    segments.splice(MAX_SEGMENTS);
  }
  return { from: range.from, to: range.to, split, total, segments };
}

function segment(value: string | null, counts: readonly ReachedCount[]): FunnelSegment {
  const stepCounts = funnelSteps.map((_, index) => counts.reduce((sum, count) => sum + (count.reached > index ? count.people : 0), 0));
  const first = stepCounts[0] ?? 0;
  const steps: FunnelStepResult[] = funnelSteps.map((step, index) => {
    const count = stepCounts[index] ?? 0;
    const previous = index === 0 ? count : (stepCounts[index - 1] ?? 0);
    return {
      key: step.key,
      label: step.label,
      count,
      conversion: first === 0 ? 0 : count / first,
      stepConversion: index === 0 ? 1 : previous === 0 ? 0 : count / previous,
      dropOff: index === 0 ? 0 : previous - count,
    };
  });
  return { value, steps };
}

/** The default range: the last 30 days up to today (UTC). */
export function defaultRange(now: Date): FunnelRange {
  const to = now.toISOString().slice(0, 10);
  const fromDate = new Date(now);
  fromDate.setUTCDate(fromDate.getUTCDate() - 29);
  return { from: fromDate.toISOString().slice(0, 10), to };
}
