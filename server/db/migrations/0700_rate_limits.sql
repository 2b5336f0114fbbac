-- Rate-limit windows shared by every instance on one database: one row per key (route + client,
-- or an auth rule + address), a fixed window that starts at the first hit.
create table rate_limit_hits (
  key text primary key,
  hits integer not null,
  reset_at timestamptz not null
);
create index rate_limit_hits_reset_at on rate_limit_hits(reset_at);
