import { sql } from 'kysely';
import { funnelDimensions, type FunnelChartNumbers, type FunnelChartQuery, type FunnelDimension, type FunnelFilter } from '../../core/contracts/analytics';
import type { DatabaseHandle } from '../db/client';
import { funnelReport, type FunnelRange } from './funnel';

/** How many values of each dimension the filter offers (most people first). */
const MAX_CHOICES = 30;

/** The filter a query names: only the dimensions given. */
export function filterOf(query: FunnelChartQuery): FunnelFilter {
  const filter: FunnelFilter = {};
  for (const dimension of funnelDimensions) {
    const value = query[dimension];
    if (value !== undefined) filter[dimension] = value;
  }
  return filter;
}

/**
 * The funnel's numbers for the chart view: per step, the people who reached it (the ordered funnel
 * of the team's report, read from the same rollup) and those who left there; per step to the next,
 * those who went on. The browser places each step on the chart (src/features/charts/funnel-map.ts).
 */
export async function funnelChartNumbers(
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  range: FunnelRange,
  filter: FunnelFilter,
): Promise<FunnelChartNumbers> {
  const report = await funnelReport(database, range, null, filter);
  const reached = report.total.steps;
  const steps = reached.map((step, index) => ({ key: step.key, reached: step.count, left: step.count - (reached[index + 1]?.count ?? step.count) }));
  const transitions = reached.slice(1).map((step, index) => ({ from: reached[index]!.key, to: step.key, people: step.count }));
  return { from: range.from, to: range.to, filter, steps, transitions, choices: await choicesIn(database, range) };
}

/** The landing pages, utm sources and languages seen in the range, most people first. */
async function choicesIn(database: Pick<DatabaseHandle, 'db'>, range: FunnelRange): Promise<Record<FunnelDimension, string[]>> {
  const choices = { landing: [], utm_source: [], lng: [] } as Record<FunnelDimension, string[]>;
  for (const dimension of funnelDimensions) {
    const column = sql.ref(dimension);
    const rows = await sql<{ value: string }>`
      select ${column} as value from analytics_funnel_days
      where day >= ${range.from}::date and day <= ${range.to}::date and ${column} is not null
      group by 1 order by count(distinct person) desc, 1 limit ${MAX_CHOICES}
    `.execute(database.db);
    choices[dimension] = rows.rows.map((row) => row.value);
  }
  return choices;
}
