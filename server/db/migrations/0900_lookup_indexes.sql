-- #29: lookups on the paths a person waits on use an index at any table size.
-- An unproven address an account claims (decision 103): looked up by the email-code verify (other
-- claims dropped), the sign-up check and erasure. Almost every row has none, so the index is small.
create index auth_users_new_email on auth_users (new_email) where new_email is not null;

-- Deleting a user cascades to these tables through user_id / factor_id: without an index each
-- erasure (and each anonymous user the retention job removes) read the whole table.
create index auth_refresh_tokens_user on auth_refresh_tokens (user_id);
create index auth_otps_user on auth_otps (user_id) where user_id is not null;
create index auth_flow_states_user on auth_flow_states (user_id);
create index auth_challenges_factor on auth_challenges (factor_id);
