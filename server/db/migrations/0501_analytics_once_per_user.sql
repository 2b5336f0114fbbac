-- Events that happen once per person (src/contracts/analytics.ts oncePerUserEvents) carry a key the
-- ingest derives from the event type and the user id; the unique index makes "exactly once" a fact of
-- the database, so concurrent uploads from two tabs or two instances cannot both store one (#11).
alter table analytics_events add column once_key text;
create unique index analytics_events_once_per_user on analytics_events (api_key, once_key) where once_key is not null;
