import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Tables owned by the analytics capability (see server/db/migrations/0500_analytics.sql). */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface AnalyticsApiKeysTable {
  api_key: string;
  label: string;
  created_at: CreatedAt;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

type Json = JSONColumnType<Record<string, unknown>, string, string>;

export interface AnalyticsEventsTable {
  id: Generated<number>;
  api_key: string;
  event_type: string;
  user_id: string | null;
  device_id: string | null;
  session_id: number | null;
  insert_id: string | null;
  /** `<event type>|<user id>` for once-per-user events (migration 0501), else null. */
  once_key: ColumnType<string | null, string | null | undefined, never>;
  time: ColumnType<Date, Date | string, never>;
  received_at: CreatedAt;
  lng: string | null;
  landing: string | null;
  utm_source: string | null;
  event_properties: Json;
  user_properties: Json;
  payload: Json;
  ip: string | null;
}

export interface AnalyticsTables {
  analytics_api_keys: AnalyticsApiKeysTable;
  analytics_events: AnalyticsEventsTable;
}
