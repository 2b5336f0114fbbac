-- #29: the retention job (server/retention/rules.ts) finds each kind of leftover row through an
-- index, so a run costs what it deletes, not the size of the table. Columns written once, at insert
-- or when the row is spent (no index on auth_sessions.refreshed_at: every refresh writes it).
create index auth_sessions_not_after on auth_sessions (not_after) where not_after is not null;
create index auth_refresh_tokens_revoked_at on auth_refresh_tokens (revoked_at) where revoked_at is not null;
create index auth_flow_states_created_at on auth_flow_states (created_at);
create index auth_challenges_created_at on auth_challenges (created_at);
create index auth_factors_unverified_created_at on auth_factors (created_at) where status = 'unverified';
create index auth_users_anonymous_created_at on auth_users (created_at) where is_anonymous;
create index auth_otps_expires_at on auth_otps (expires_at);
create index auth_outbox_created_at on auth_outbox (created_at);
create index checkout_sessions_unpaid_expires_at on checkout_sessions (expires_at) where status <> 'complete';
create index webhook_events_received_at on webhook_events (received_at);
