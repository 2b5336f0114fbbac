import { sql } from 'kysely';
import { before, type ErasurePart, type RetentionRule } from '../data-lifecycle/lifecycle';

/**
 * The analytics capability's data lifecycle (docs/data.md): how long raw events are kept (the funnel
 * report reads its rollups, which outlive them) and what erasing a person does to its tables.
 */

export const analyticsRetentionRules: RetentionRule[] = [
  {
    name: 'analytics events',
    table: 'analytics_events',
    key: 'id',
    where: (now, p) => sql<boolean>`time < ${before(now, p.analyticsEventMs)}`,
  },
];

/** Its share of erasure: the funnel days first, while the events still name the devices they used. */
export const analyticsErasure: ErasurePart = {
  capability: 'analytics',
  coverage: {
    analytics_events: 'deleted: their events, and every event of the devices they used',
    analytics_funnel_days: 'deleted: the funnel days of their user id and of the devices they used',
    analytics_funnel_people: 'deleted with their funnel days (a trigger merges each person again from the days left, migration 0960)',
  },

  async erase(trx, { userId }, count) {
    // Events name accounts and devices, never an address: a person without an account has none.
    if (!userId) return;
    // The devices and the funnel's people are read first, then each delete goes through one index
    // (an OR of user and device, or an IN over a join, was planned as a read of the whole table).
    const devices = (await sql<{ device_id: string }>`select distinct device_id from analytics_events where user_id = ${userId} and device_id is not null`.execute(trx)).rows.map(
      (row) => row.device_id,
    );
    const dayPeople = (await sql<{ person: string }>`select distinct person from analytics_funnel_days where user_id = ${userId}`.execute(trx)).rows.map((row) => row.person);
    const people = [...new Set([...devices, `user:${userId}`, ...dayPeople])];
    await count('analytics_funnel_days', sql`delete from analytics_funnel_days where person = any(${people}::text[])`);
    await count('analytics_events', sql`delete from analytics_events where user_id = ${userId}`);
    if (devices.length > 0) await count('analytics_events', sql`delete from analytics_events where device_id = any(${devices}::text[]) and device_id is not null`);
  },
};
