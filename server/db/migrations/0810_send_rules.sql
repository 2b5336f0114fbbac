-- #25 findings 4 and 11. "One send per recipient per cooldown" is a fact of the database: a send takes
-- the recipient's slot with one conditional upsert (server/auth/send-rules.ts), so twelve concurrent
-- sends on several instances leave exactly one code. A code that is used frees the slot at once.
create table auth_send_slots (
  key text primary key,
  free_at timestamptz not null
);
create index auth_send_slots_free_at on auth_send_slots(free_at);

-- Wrong guesses are counted in two pools: the client that asked for the code (its owner, almost
-- always) and everyone else. Other clients' guesses can kill their own pool, never the owner's code.
alter table auth_otps add column requested_ip text;
alter table auth_otps add column other_attempts integer not null default 0;
