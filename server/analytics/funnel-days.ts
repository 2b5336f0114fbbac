import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { funnelEventFilter, funnelSteps, personKey, stepColumn, stepFilter, touchColumns } from './funnel-steps';
import { DAY_MS } from '../../core/durations';

/**
 * How many buckets the rollup's people are hashed into (the column of migration 0950; the report read
 * one at a time on the embedded database until the spans of 0960 made it two small statements);
 * migration 0950 hashes with the same mask.
 */
export const FUNNEL_BUCKETS = 16;

const stepColumns = funnelSteps.map((step) => sql.ref(stepColumn(step)));
const touchTargets = touchColumns.flatMap((column) => [sql.ref(column), sql.ref(`${column}_at`)]);

/**
 * Merges the funnel events of `source` (a table or CTE with analytics_events' columns) into
 * analytics_funnel_days: per person and UTC day, the earliest time of each step and the earliest
 * landing page, utm_source and language. Merging keeps the earliest of old and new, so applying the
 * same events twice, or two batches of one person at once on two instances (the row is locked by the
 * upsert), gives the rows one pass over all the events would give.
 */
export function rollUp(source: RawBuilder<unknown>, where: RawBuilder<unknown> = sql`true`): RawBuilder<unknown> {
  const stepValues = funnelSteps.map((step) => sql`min(time) filter (where ${stepFilter(step)})`);
  const touchValues = touchColumns.flatMap((column) => [
    sql`(array_agg(${sql.ref(column)} order by time) filter (where ${sql.ref(column)} is not null))[1]`,
    sql`min(time) filter (where ${sql.ref(column)} is not null)`,
  ]);
  const mergeSteps = funnelSteps.map((step) => {
    const column = sql.ref(stepColumn(step));
    return sql`${column} = least(d.${column}, excluded.${column})`;
  });
  const mergeTouches = touchColumns.flatMap((name) => {
    const column = sql.ref(name);
    const at = sql.ref(`${name}_at`);
    return [
      sql`${column} = case when excluded.${at} < d.${at} or d.${at} is null then excluded.${column} else d.${column} end`,
      sql`${at} = least(d.${at}, excluded.${at})`,
    ];
  });
  return sql`
    insert into analytics_funnel_days as d (person, day, user_id, bucket, ${sql.join([...stepColumns, ...touchTargets])})
    select ${personKey}, (time at time zone 'UTC')::date, max(user_id), get_byte(decode(md5(${personKey}), 'hex'), 0) & ${sql.lit(FUNNEL_BUCKETS - 1)},
      ${sql.join([...stepValues, ...touchValues])}
    from ${source}
    where ${funnelEventFilter} and coalesce(device_id, user_id) is not null and ${where}
    group by 1, 2
    -- The same order on every instance, so two batches locking the same rows cannot deadlock.
    order by 1, 2
    on conflict (person, day) do update set user_id = coalesce(excluded.user_id, d.user_id), ${sql.join([...mergeSteps, ...mergeTouches])}
  `;
}

/**
 * Rolls up the events already stored between two instants (a backfill, or events written by a
 * script that inserts rows directly, like scripts/data/seed.ts). Safe to run again: see rollUp.
 */
export async function rollUpStoredEvents(db: Kysely<Database>, range: { from: Date; to: Date }): Promise<void> {
  // A week per statement: the embedded database's one connection is free between them.
  for (let start = range.from.getTime(); start < range.to.getTime(); start += BACKFILL_WINDOW_MS) {
    const end = new Date(Math.min(start + BACKFILL_WINDOW_MS, range.to.getTime()));
    await rollUp(sql`analytics_events`, sql`time >= ${new Date(start)} and time < ${end}`).execute(db);
  }
}

const BACKFILL_WINDOW_MS = 7 * DAY_MS;
