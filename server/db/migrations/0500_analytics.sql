-- Analytics capability: the ingest's api keys and the events it accepted (Amplitude HTTP V2 format).

create table analytics_api_keys (
  api_key text primary key,
  label text not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

create table analytics_events (
  id bigserial primary key,
  api_key text not null references analytics_api_keys (api_key),
  event_type text not null,
  user_id text,
  device_id text,
  session_id bigint,
  insert_id text,
  -- When the event happened (the client's clock, else the upload time) and when it was received.
  time timestamptz not null,
  received_at timestamptz not null default now(),
  -- Copied from event_properties for the funnel report's splits (see src/contracts/analytics.ts).
  lng text,
  landing text,
  utm_source text,
  event_properties jsonb not null default '{}'::jsonb,
  user_properties jsonb not null default '{}'::jsonb,
  -- Every other field of the event as the SDK sent it (platform, os, library, ip, ...).
  payload jsonb not null default '{}'::jsonb,
  ip text
);

-- Amplitude's deduplication: the same insert_id for the same device/user is stored once, so SDK
-- retries after a lost response never double-count.
create unique index analytics_events_dedup on analytics_events (api_key, insert_id, coalesce(device_id, ''), coalesce(user_id, ''))
  where insert_id is not null;
create index analytics_events_type_time on analytics_events (event_type, time);
create index analytics_events_time on analytics_events (time);
create index analytics_events_user on analytics_events (user_id) where user_id is not null;
create index analytics_events_device on analytics_events (device_id) where device_id is not null;
create index analytics_events_lng on analytics_events (lng) where lng is not null;
create index analytics_events_landing on analytics_events (landing) where landing is not null;
create index analytics_events_utm_source on analytics_events (utm_source) where utm_source is not null;
