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

type Moment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** The funnel report's rollup: one row per person and UTC day (migration 0950, server/analytics/funnel-days.ts). */
export interface AnalyticsFunnelDaysTable {
  person: string;
  day: ColumnType<Date, Date | string, Date | string>;
  user_id: string | null;
  bucket: number;
  visitors_at: Moment;
  code_verified_at: Moment;
  step_verify_phone_at: Moment;
  step_size_at: Moment;
  step_details_at: Moment;
  step_crm_at: Moment;
  paywall_at: Moment;
  trial_at: Moment;
  finished_at: Moment;
  landing: string | null;
  landing_at: Moment;
  utm_source: string | null;
  utm_source_at: Moment;
  lng: string | null;
  lng_at: Moment;
}

export interface AnalyticsTables {
  analytics_api_keys: AnalyticsApiKeysTable;
  analytics_events: AnalyticsEventsTable;
  analytics_funnel_days: AnalyticsFunnelDaysTable;
}
