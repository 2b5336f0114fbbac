-- Auth service (GoTrue-compatible): users, sessions, refresh tokens, one-time codes, the outbox,
-- second factors, PKCE flow states and the JWT signing keys.

create table auth_users (
  id uuid primary key default gen_random_uuid(),
  email text unique,
  -- E.164 with the leading '+'; the wire format (GoTrue) drops the '+'.
  phone text unique,
  is_anonymous boolean not null default false,
  email_confirmed_at timestamptz,
  phone_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  app_metadata jsonb not null default '{}'::jsonb,
  user_metadata jsonb not null default '{}'::jsonb,
  new_email text,
  new_phone text,
  banned_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint auth_users_email_lower check (email is null or email = lower(email)),
  constraint auth_users_phone_e164 check (phone is null or phone ~ '^\+[1-9][0-9]{1,14}$')
);
create trigger auth_users_touch before update on auth_users for each row execute function touch_updated_at();

-- One row per signed-in device. aal/amr describe how it was authenticated.
create table auth_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth_users(id) on delete cascade,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
  amr jsonb not null default '[]'::jsonb,
  factor_id uuid,
  user_agent text,
  ip text,
  created_at timestamptz not null,
  refreshed_at timestamptz not null,
  -- Absolute end of the session (AUTH_SESSION_LIFETIME_SECONDS), null when unlimited.
  not_after timestamptz
);
create index auth_sessions_user on auth_sessions(user_id);

-- Opaque refresh tokens, stored as SHA-256 only. A token is spent (revoked) when rotated; the
-- parent link lets a spent token be recognised inside the short reuse window.
create table auth_refresh_tokens (
  id bigserial primary key,
  token_hash text not null unique,
  session_id uuid not null references auth_sessions(id) on delete cascade,
  user_id uuid not null references auth_users(id) on delete cascade,
  parent_id bigint,
  revoked_at timestamptz,
  created_at timestamptz not null
);
create index auth_refresh_tokens_session on auth_refresh_tokens(session_id);

-- One-time codes: keyed hash (HMAC) only, with an attempt counter.
create table auth_otps (
  id uuid primary key default gen_random_uuid(),
  purpose text not null check (purpose in ('signin', 'email_change', 'phone_change', 'recovery')),
  channel text not null check (channel in ('sms', 'email')),
  recipient text not null,
  user_id uuid references auth_users(id) on delete cascade,
  code_hash text not null,
  link_token_hash text,
  code_challenge text,
  code_challenge_method text,
  data jsonb not null default '{}'::jsonb,
  attempts integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index auth_otps_recipient on auth_otps(recipient, created_at desc);

-- Every message the service sends. `code` is only kept outside production (the dev outbox).
create table auth_outbox (
  id uuid primary key default gen_random_uuid(),
  channel text not null check (channel in ('sms', 'email')),
  recipient text not null,
  subject text,
  body text not null,
  code text,
  created_at timestamptz not null,
  sent_at timestamptz,
  error text
);
create index auth_outbox_recipient on auth_outbox(recipient, created_at desc);

create table auth_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth_users(id) on delete cascade,
  factor_type text not null check (factor_type in ('totp', 'phone')),
  friendly_name text,
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  -- TOTP secret encrypted with AES-256-GCM under a key derived from AUTH_SECRET.
  secret text,
  phone text,
  last_totp_step bigint,
  last_challenged_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index auth_factors_user on auth_factors(user_id);
create unique index auth_factors_friendly_name on auth_factors(user_id, friendly_name) where friendly_name is not null and friendly_name <> '';

create table auth_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth_factors(id) on delete cascade,
  ip text,
  code_hash text,
  attempts integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  verified_at timestamptz
);

-- PKCE: an auth code handed to the browser, exchanged once with the verifier.
create table auth_flow_states (
  id uuid primary key default gen_random_uuid(),
  auth_code_hash text not null unique,
  code_challenge text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  user_id uuid not null references auth_users(id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null
);

-- ES256 signing keys (private JWK kept here so every instance signs with the same key). A key is
-- published from created_at, signs from activates_at, stops signing at retired_at and stops being
-- trusted at expires_at.
create table auth_signing_keys (
  kid text primary key,
  alg text not null,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null,
  activates_at timestamptz not null,
  retired_at timestamptz,
  expires_at timestamptz
);

-- Small values generated on first start (the publishable key).
create table auth_settings (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
