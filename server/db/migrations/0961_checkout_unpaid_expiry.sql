-- The retention job's rule for checkouts that expired unpaid (#29, found by npm run bench:scale).
-- Completed checkouts stay for ever and hold the old expiry dates, so for `status <> 'complete' and
-- expires_at < $1` the planner multiplied two selectivities it believed independent (a few unpaid
-- rows, most expiries long past) and chose to read the table until a thousand matched: 29 ms at
-- 100,000 sign-ups and about 50 ms at 500,000 for the usual answer, no row, on every run. The
-- unpaid rows are all recent (each run deletes the old ones). An index on the expiry of unpaid
-- checkouts only (null for completed ones) has statistics of its own, so the planner sees that no
-- row is due and reads the index (0.03 ms). Nulls take almost no room in it (deduplicated).
create index checkout_sessions_unpaid_expiry on checkout_sessions ((case when status <> 'complete' then expires_at end));
drop index checkout_sessions_unpaid_expires_at;
