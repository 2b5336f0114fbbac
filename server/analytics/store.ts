import { sql, type Kysely } from 'kysely';
import { oncePerUserEvents, type IngestEvent } from '../../core/contracts/analytics';
import type { Database } from '../db/schema';
import { rollUp } from './funnel-days';
import { DAY_MS } from '../../core/durations';

const ONCE_PER_USER = new Set<string>(oncePerUserEvents);
const KNOWN_COLUMNS = new Set(['event_type', 'user_id', 'device_id', 'session_id', 'insert_id', 'time', 'event_properties', 'user_properties', 'ip']);
// A timestamp further ahead than this is a broken client clock; the upload time is used instead.
const MAX_CLOCK_SKEW_MS = DAY_MS;

function shortText(value: unknown, max = 200): string | null {
  return typeof value === 'string' && value.length > 0 ? value.slice(0, max) : null;
}

/**
 * Stores one accepted batch in a single statement (atomic: all events or none, with their rollup) and resolves only once
 * it is committed, so the caller answers 200 only for data that is on disk. Retried uploads with the
 * same insert_id are ignored (Amplitude's deduplication), and so is a second once-per-user milestone
 * (oncePerUserEvents) of a user: `on conflict do nothing` covers every unique index.
 */
export async function storeEvents(
  db: Kysely<Database>,
  input: { apiKey: string; events: IngestEvent[]; receivedAt: Date; ip: string | null },
): Promise<void> {
  const rows = input.events.map((event) => {
    const properties = event.event_properties ?? {};
    const payload: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(event)) if (!KNOWN_COLUMNS.has(key)) payload[key] = value;
    const clientTime = typeof event.time === 'number' ? event.time : undefined;
    const time =
      clientTime !== undefined && clientTime <= input.receivedAt.getTime() + MAX_CLOCK_SKEW_MS ? new Date(clientTime) : input.receivedAt;
    return {
      api_key: input.apiKey,
      event_type: event.event_type,
      user_id: event.user_id || null,
      device_id: event.device_id || null,
      session_id: typeof event.session_id === 'number' && event.session_id >= 0 ? event.session_id : null,
      insert_id: event.insert_id ?? null,
      // Stored at most once per user (unique index): the same milestone from another tab, device or retry is ignored.
      once_key: event.user_id && ONCE_PER_USER.has(event.event_type) ? `${event.event_type}|${event.user_id}` : null,
      time,
      received_at: input.receivedAt,
      lng: shortText(properties.lng, 16),
      landing: shortText(properties.landing, 64),
      utm_source: shortText(properties.utm_source),
      event_properties: JSON.stringify(properties),
      user_properties: JSON.stringify(event.user_properties ?? {}),
      payload: JSON.stringify(payload),
      // The SDK may send "$remote" to ask the server to use the connection's address.
      ip: event.ip && event.ip !== '$remote' ? event.ip : input.ip,
    };
  });
  const insert = db
    .insertInto('analytics_events')
    .values(rows)
    .onConflict((conflict) => conflict.doNothing())
    .returning(['event_type', 'user_id', 'device_id', 'time', 'lng', 'landing', 'utm_source', 'event_properties']);
  // The funnel's rollup is fed in the same statement from the rows actually stored (a retry or a
  // second once-per-user milestone, ignored above, never reaches it): events and rollup commit together.
  await sql`with inserted as (${insert}) ${rollUp(sql`inserted`)}`.execute(db);
}
