-- The hosted checkout page counts refused cards per session: after a few the session closes, so one
-- link cannot be used to test many card numbers.
alter table checkout_sessions add column failed_attempts integer not null default 0;
