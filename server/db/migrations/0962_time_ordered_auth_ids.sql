-- #29: the code send and the code verify cost 2× at 500,000 sign-ups (npm run bench:scale). Each
-- of their inserts went into indexes on random uuids (gen_random_uuid): the new user's, session's,
-- code's and message's primary keys, and the user and session ids repeated in auth_sessions_user,
-- auth_refresh_tokens_user and auth_refresh_tokens_session. In tables of 0.5–3 M rows every such
-- insert lands on a leaf page of its own, read from disk and written to the WAL whole (the first
-- change of a page after a checkpoint): measured 8 full-page images and 43 KB of WAL per verify at
-- 500,000 sign-ups against 0 and 2.4 KB on an empty database (docs/data.md).
--
-- New ids are time-ordered (UUID version 7: 48 bits of milliseconds, then random bits), so each
-- insert goes to the right-most leaf, which the previous insert already holds in memory. Ids stay
-- unguessable (74 random bits) and the same type; rows already stored keep theirs. An id now tells
-- when it was made (to the millisecond), as created_at does. Postgres 18 has uuidv7(); this
-- function gives the same layout on Postgres 15–17 and PGlite.
create function uuid_v7() returns uuid language sql volatile parallel safe as $$
  select encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
        from 1 for 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;

alter table auth_users alter column id set default uuid_v7();
alter table auth_sessions alter column id set default uuid_v7();
alter table auth_otps alter column id set default uuid_v7();
alter table auth_outbox alter column id set default uuid_v7();

-- Heap pages too. Retention's deletes (anonymous users and their sessions, one in fifty) leave
-- full pages with room for one row each; the free-space map handed a new user or session such a
-- page, a different cold one every insert (and a full-page image each), and a sign-in's update of
-- that user's row (last_sign_in_at) then found no room on it: a new version on yet another page
-- and new entries in every index of the table. A tenth of each page kept free means new rows go
-- only to pages with that much room (the table's end, or pages retention emptied) and the updates
-- that follow stay on the page (HOT: no index entry). Sessions are updated on every refresh.
alter table auth_users set (fillfactor = 90);
alter table auth_sessions set (fillfactor = 90);
