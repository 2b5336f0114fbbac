-- The funnel report's rollup (#29): one row per person and UTC day with, for each funnel step, the
-- first time the person reached it that day, and the day's first landing page, utm_source and
-- language with the time each was first seen. The report over any range of days merges these rows
-- (earliest per step, earliest first touch), which is what it computed from the raw events, at the
-- cost of a person's days instead of their events. Kept when the retention job deletes old events.
-- Maintained by the ingest in the statement that stores the events (server/analytics/funnel-days.ts).
create table analytics_funnel_days (
  -- The report's person: the device id, else 'user:' || the user id.
  person text not null,
  day date not null,
  -- A user id the person's events carried that day: erasure finds their days by it.
  user_id text,
  -- From md5 of person (0..15; md5, unlike hashtext, is the same in every Postgres version, and all
  -- of a person's days must share a bucket): the embedded database reads the report a bucket at a time.
  bucket smallint not null,
  visitors_at timestamptz,
  code_verified_at timestamptz,
  step_verify_phone_at timestamptz,
  step_size_at timestamptz,
  step_details_at timestamptz,
  step_crm_at timestamptz,
  paywall_at timestamptz,
  trial_at timestamptz,
  finished_at timestamptz,
  landing text,
  landing_at timestamptz,
  utm_source text,
  utm_source_at timestamptz,
  lng text,
  lng_at timestamptz,
  primary key (person, day)
);
create index analytics_funnel_days_day on analytics_funnel_days (day);
create index analytics_funnel_days_bucket_day on analytics_funnel_days (bucket, day);
create index analytics_funnel_days_user on analytics_funnel_days (user_id) where user_id is not null;

-- The backfill from the events already stored: the statement rollUpStoredEvents (funnel-days.ts)
-- sends, as the steps were when this migration was written. An upsert that merges, so it is safe to
-- run again (npm run or a later job re-running it changes nothing).
insert into analytics_funnel_days as d (person, day, user_id, bucket, visitors_at, code_verified_at, step_verify_phone_at, step_size_at,
  step_details_at, step_crm_at, paywall_at, trial_at, finished_at, landing, landing_at, utm_source, utm_source_at, lng, lng_at)
select
  coalesce(device_id, 'user:' || user_id) as person,
  (time at time zone 'UTC')::date as day,
  max(user_id),
  get_byte(decode(md5(coalesce(device_id, 'user:' || user_id)), 'hex'), 0) & 15,
  min(time) filter (where event_type = '[Amplitude] Page Viewed'),
  min(time) filter (where event_type = 'code verified'),
  min(time) filter (where event_type in ('onboarding step viewed', 'onboarding step skipped') and event_properties->>'step' = 'verify-phone'),
  min(time) filter (where event_type = 'onboarding step viewed' and event_properties->>'step' = 'size'),
  min(time) filter (where event_type = 'onboarding step viewed' and event_properties->>'step' = 'details'),
  min(time) filter (where event_type = 'onboarding step viewed' and event_properties->>'step' = 'crm'),
  min(time) filter (where event_type = 'paywall viewed'),
  min(time) filter (where event_type = 'trial started'),
  min(time) filter (where event_type = 'web2app-onboarding-finished'),
  (array_agg(landing order by time) filter (where landing is not null))[1],
  min(time) filter (where landing is not null),
  (array_agg(utm_source order by time) filter (where utm_source is not null))[1],
  min(time) filter (where utm_source is not null),
  (array_agg(lng order by time) filter (where lng is not null))[1],
  min(time) filter (where lng is not null)
from analytics_events
where event_type in ('[Amplitude] Page Viewed', 'code verified', 'onboarding step viewed', 'onboarding step skipped', 'paywall viewed',
    'trial started', 'web2app-onboarding-finished')
  and coalesce(device_id, user_id) is not null
group by 1, 2
on conflict (person, day) do update set
  user_id = coalesce(excluded.user_id, d.user_id),
  visitors_at = least(d.visitors_at, excluded.visitors_at),
  code_verified_at = least(d.code_verified_at, excluded.code_verified_at),
  step_verify_phone_at = least(d.step_verify_phone_at, excluded.step_verify_phone_at),
  step_size_at = least(d.step_size_at, excluded.step_size_at),
  step_details_at = least(d.step_details_at, excluded.step_details_at),
  step_crm_at = least(d.step_crm_at, excluded.step_crm_at),
  paywall_at = least(d.paywall_at, excluded.paywall_at),
  trial_at = least(d.trial_at, excluded.trial_at),
  finished_at = least(d.finished_at, excluded.finished_at),
  landing = case when excluded.landing_at < d.landing_at or d.landing_at is null then excluded.landing else d.landing end,
  landing_at = least(d.landing_at, excluded.landing_at),
  utm_source = case when excluded.utm_source_at < d.utm_source_at or d.utm_source_at is null then excluded.utm_source else d.utm_source end,
  utm_source_at = least(d.utm_source_at, excluded.utm_source_at),
  lng = case when excluded.lng_at < d.lng_at or d.lng_at is null then excluded.lng else d.lng end,
  lng_at = least(d.lng_at, excluded.lng_at);
