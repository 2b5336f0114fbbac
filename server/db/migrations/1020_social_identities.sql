-- #35 social / OIDC sign-in. Phone and email stay columns of auth_users (their identities are
-- derived, server/auth/user-json.ts); a provider's account is a row here, one per (subject,
-- provider) as in GoTrue: the same Google account can never reach two accounts.
create table auth_identities (
  id uuid primary key default uuid_v7(),
  user_id uuid not null references auth_users(id) on delete cascade,
  provider text not null,
  -- The provider's subject (`sub`): what identifies the person there; an email can change hands.
  provider_id text not null,
  -- The claims the provider vouched for at the last sign-in (GoTrue's identity_data).
  identity_data jsonb not null default '{}',
  -- Lower-cased from the claims; whether the provider said it verified it is in identity_data.
  email text,
  last_sign_in_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (provider_id, provider)
);
create index auth_identities_user on auth_identities (user_id);

-- One row per trip to a provider (GET /authorize → GET|POST /callback). `id` is the `state` sent to
-- the provider; random, not time-ordered, since it names the flow to whoever holds it. Spent once
-- (used_at), valid 300 s, bound to the browser that started it (browser_hash: sha256 of the
-- binding cookie's value).
create table auth_oauth_states (
  id uuid primary key default gen_random_uuid(),
  provider text not null,
  redirect_to text not null,
  -- The browser's PKCE pair (supabase-js flowType 'pkce'); null for the implicit flow.
  code_challenge text,
  code_challenge_method text check (code_challenge_method in ('s256', 'plain')),
  -- Our own PKCE verifier and nonce toward the provider.
  provider_verifier text not null,
  nonce text not null,
  browser_hash text not null,
  -- Set for GET /user/identities/authorize: the account the identity is linked to.
  link_user_id uuid references auth_users(id) on delete cascade,
  created_at timestamptz not null,
  used_at timestamptz
);
create index auth_oauth_states_created_at on auth_oauth_states (created_at);

-- The PKCE exchange of a provider sign-in answers with the provider's tokens as GoTrue does
-- (provider_token); kept sealed (SecretBox) and deleted with the flow state.
alter table auth_flow_states add column provider text;
alter table auth_flow_states add column provider_access_token text;
alter table auth_flow_states add column provider_refresh_token text;
