import { sql, type Kysely } from 'kysely';
import type { FunnelDimension, FunnelReport } from '../../core/contracts/analytics';
import type { Database } from '../db/schema';
import { assembleReport, rangeInstants, type FunnelRange, type ReachedCount } from './funnel';
import { funnelEventFilter, funnelSteps, stepFilter } from './funnel-steps';

interface PersonRow {
  landing: string | null;
  utm_source: string | null;
  lng: string | null;
  [step: string]: Date | string | null;
}

/**
 * The funnel computed from the raw events, as the report was before the rollup (#29): it reads
 * every event of the range, so its cost grows with them. Kept as the reference the rollup is checked
 * against (tests/server/analytics/funnel-rollup.test.ts) and measured by scripts/data/funnel-bench.ts.
 */
export async function funnelReportFromEvents(db: Kysely<Database>, range: FunnelRange, split: FunnelDimension | null): Promise<FunnelReport> {
  const { start, end } = rangeInstants(range);
  const firstTimes = sql.join(
    funnelSteps.map((step, index) => sql`min(time) filter (where ${stepFilter(step)}) as ${sql.ref(`s${index}`)}`),
  );
  const result = await sql<PersonRow>`
    select
      ${firstTimes},
      (array_agg(landing order by time) filter (where landing is not null))[1] as landing,
      (array_agg(utm_source order by time) filter (where utm_source is not null))[1] as utm_source,
      (array_agg(lng order by time) filter (where lng is not null))[1] as lng
    from analytics_events
    where time >= ${start} and time < ${end}
      and ${funnelEventFilter}
      and coalesce(device_id, user_id) is not null
    group by coalesce(device_id, 'user:' || user_id)
  `.execute(db);
  const counts = new Map<string, ReachedCount>();
  for (const row of result.rows) {
    const value = split ? (row[split] ?? null) : null;
    const reached = reachedSteps(row);
    const key = `${reached}|${value ?? ''}|${value === null}`;
    const entry = counts.get(key) ?? { value, reached, people: 0 };
    entry.people += 1;
    counts.set(key, entry);
  }
  return assembleReport(range, split, [...counts.values()]);
}

/** How many steps (0..n) a person reached in order. */
function reachedSteps(row: PersonRow): number {
  let previous: number | null = null;
  let reached = 0;
  for (let index = 0; index < funnelSteps.length; index += 1) {
    const value = row[`s${index}`];
    if (value === null || value === undefined) break;
    const time = new Date(value).getTime();
    if (previous !== null && time < previous) break;
    previous = time;
    reached += 1;
  }
  return reached;
}
