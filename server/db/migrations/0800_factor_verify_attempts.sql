-- #12 finding 4: MFA verification tries are counted per factor, in the database, so a guesser cannot
-- reset the count by opening new challenges, and instances on one Postgres share it. The window
-- starts at the first try; `update … returning` takes one try atomically (server/auth/factor-attempts.ts).
alter table auth_factors add column verify_attempts integer not null default 0;
alter table auth_factors add column verify_window_started_at timestamptz;
