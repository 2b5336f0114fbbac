-- #36: passkeys (WebAuthn discoverable credentials), GoTrue's /passkeys routes. One row per passkey;
-- the credential id is unique across all users (an authenticator cannot register one credential to
-- two accounts, and sign-in finds the passkey by it). The public key is COSE, as the authenticator
-- gave it; the counter is the last signature count seen (a count that goes backwards is a clone).
create table auth_passkeys (
  id uuid primary key default uuid_v7(),
  user_id uuid not null references auth_users(id) on delete cascade,
  credential_id text not null,
  public_key bytea not null,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]'::jsonb,
  aaguid text,
  friendly_name text not null default '',
  -- The browser that registered it (its User-Agent, cut to 512 characters): the device shown when
  -- the AAGUID names no known authenticator.
  user_agent text,
  backed_up boolean not null default false,
  -- Whether a verified sign-in with it is the account's second step too (decision 3601,
  -- server/auth/assurance.ts): true only when added by a session that held aal2.
  second_step boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  last_used_at timestamptz,
  constraint auth_passkeys_credential unique (credential_id)
);
create index auth_passkeys_user on auth_passkeys(user_id);

-- Challenges of both ceremonies, spent once: the verify deletes the row and only the statement that
-- deleted it goes on (any number of instances on one database). A registration challenge belongs to
-- the session that asked for it; a sign-in challenge to nobody (the passkey names its user).
create table auth_passkey_challenges (
  id uuid primary key default uuid_v7(),
  kind text not null check (kind in ('registration', 'authentication')),
  challenge text not null,
  user_id uuid references auth_users(id) on delete cascade,
  session_id uuid references auth_sessions(id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index auth_passkey_challenges_expires on auth_passkey_challenges(expires_at);
