-- Product API (engineer B): the user's profile, their business questionnaire and the identity
-- (legitimacy) checks. One row per auth user in profiles and businesses, created on first write.

create table profiles (
  user_id uuid primary key references auth_users (id) on delete cascade,
  first_name text,
  last_name text,
  -- The work email and the phone (E.164) the user gave during sign-up; the auth service holds the
  -- sign-in identities, these are what the product knows the person by.
  email text,
  phone text,
  -- Null until next-steps grants it, which only happens with a trialing or active subscription.
  role text,
  kyc_status text check (kyc_status in ('VALIDATED', 'REJECTED', 'PENDING_REVIEW')),
  -- PATCH /v1/user/data: free-form, size-bounded by the API.
  data jsonb not null default '{}'::jsonb,
  onboarding_finished_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- One account per address and per number, across profiles (auth_users has its own unique keys).
create unique index profiles_email_unique on profiles (lower(email)) where email is not null;
create unique index profiles_phone_unique on profiles (phone) where phone is not null;
create index profiles_kyc_status_idx on profiles (kyc_status) where kyc_status is not null;

create trigger profiles_touch_updated_at before update on profiles
  for each row execute function touch_updated_at();

create table businesses (
  user_id uuid primary key references auth_users (id) on delete cascade,
  size text,
  company_name text,
  website text,
  industry text,
  job_role text,
  country text,
  crm text,
  crm_other text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger businesses_touch_updated_at before update on businesses
  for each row execute function touch_updated_at();

-- Every decision on a user's legitimacy, newest last: the rules engine's verdicts with the reasons
-- that produced them, and the admin tool's manual decisions. profiles.kyc_status holds the current one.
create table legitimacy_checks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth_users (id) on delete cascade,
  outcome text not null check (outcome in ('VALIDATED', 'REJECTED', 'PENDING_REVIEW')),
  decided_by text not null check (decided_by in ('rules', 'admin')),
  score integer not null default 0,
  reasons jsonb not null default '[]'::jsonb,
  note text,
  -- Signals kept for the velocity rules (sign-ups per IP and per number prefix in a window).
  ip text,
  ip_country text,
  phone_prefix text,
  email_domain text,
  created_at timestamptz not null default now()
);

create index legitimacy_checks_user_idx on legitimacy_checks (user_id, created_at);
create index legitimacy_checks_ip_idx on legitimacy_checks (ip, created_at) where decided_by = 'rules';
create index legitimacy_checks_prefix_idx on legitimacy_checks (phone_prefix, created_at) where decided_by = 'rules';
