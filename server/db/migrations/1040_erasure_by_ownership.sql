-- #41: erasure erases what the person owns, decided once for every instance.
--
-- An erasure first marks the account (erasing_since, one committed update) and only deletes once
-- every instance's read cache of the user's row has expired (decision 701, READ_CACHE_TTL_MS): the
-- token check refuses a marked account, so from the moment the erasure answers no instance accepts
-- the person's token, and no request of theirs finds its rows gone underneath it. The mark goes
-- with the row. The retention job finishes an erasure left marked (the process stopped between).
alter table auth_users add column erasing_since timestamptz;
create index auth_users_erasing_since on auth_users (erasing_since) where erasing_since is not null;

-- Erasure asks whether another account proved the same number (a verified phone factor) and drops
-- other accounts' unproven claims on what the person proved (a pending change, an unverified phone
-- factor): found through an index, not a read of every account.
create index auth_factors_phone on auth_factors (phone) where phone is not null;
-- (new_email has its index since 0900.)
create index auth_users_new_phone on auth_users (new_phone) where new_phone is not null;
