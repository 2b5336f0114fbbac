-- #37.4: one free trial per person, kept after the account is erased (docs/decisions/3704-one-trial-per-person.md).
--
-- A row is a keyed hash (HMAC-SHA256 under a key derived from the server secret) of one proven phone
-- number, one proven email address or one card fingerprint that has started a free trial. It holds no
-- user id and no readable value: without the server secret nobody can tell whose it is, and with it
-- one can only answer "did this exact number/address/card have a trial?". The digest is the primary
-- key, so two accounts starting a trial at once with the same card or number cannot both record it:
-- the second insert waits for the first and then finds it.
create table trial_marks (
  digest text primary key,
  kind text not null check (kind in ('phone', 'email', 'card')),
  recorded_at timestamptz not null
);
-- The retention job removes marks past their period (server/payments/data-lifecycle.ts).
create index trial_marks_recorded_at on trial_marks (recorded_at);
