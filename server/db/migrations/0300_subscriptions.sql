-- Payments: plans and their prices per currency, promotions, checkout sessions, subscriptions,
-- charges, refunds and the webhook idempotency ledger. Owner: payments (server/payments).
-- user_id columns carry no foreign key to auth_users on purpose: the auth capability owns that
-- table and a Stripe-side user may be deleted there without losing the financial records here.

-- Currencies the product sells in. minor_units: 2 for cents, 0 for JPY (no minor unit).
create table currencies (
  code text primary key check (code ~ '^[A-Z]{3}$'),
  minor_units integer not null check (minor_units between 0 and 3),
  active boolean not null default true,
  created_at timestamptz not null default now()
);

insert into currencies (code, minor_units) values
  ('EUR', 2), ('USD', 2), ('GBP', 2), ('CAD', 2), ('CHF', 2), ('JPY', 0), ('AUD', 2);

create table plans (
  code text primary key check (code in ('business', 'starter')),
  position integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now()
);

insert into plans (code, position) values ('business', 1), ('starter', 2);

-- One price per plan, interval and currency: unit_amount is per seat for the whole interval, in the
-- currency's minor units (a yearly price covers twelve months). Change a row to reprice: no deploy.
create table plan_prices (
  id uuid primary key default gen_random_uuid(),
  plan text not null references plans (code),
  interval text not null check (interval in ('yearly', 'monthly')),
  currency text not null references currencies (code),
  unit_amount integer not null check (unit_amount > 0),
  -- The matching Stripe Price id when prices live in Stripe too; null uses inline price_data.
  stripe_price_id text,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (plan, interval, currency)
);

create trigger plan_prices_touch before update on plan_prices for each row execute function touch_updated_at();

-- Monthly price per seat, and the yearly price per seat (12 × the discounted monthly equivalent).
insert into plan_prices (plan, interval, currency, unit_amount) values
  ('business', 'monthly', 'EUR', 4900),   ('business', 'yearly', 'EUR', 46800),
  ('business', 'monthly', 'USD', 4900),   ('business', 'yearly', 'USD', 46800),
  ('business', 'monthly', 'GBP', 4200),   ('business', 'yearly', 'GBP', 39600),
  ('business', 'monthly', 'CAD', 6900),   ('business', 'yearly', 'CAD', 64800),
  ('business', 'monthly', 'CHF', 4900),   ('business', 'yearly', 'CHF', 46800),
  ('business', 'monthly', 'JPY', 7900),   ('business', 'yearly', 'JPY', 75600),
  ('business', 'monthly', 'AUD', 7500),   ('business', 'yearly', 'AUD', 70800),
  ('starter',  'monthly', 'EUR', 2900),   ('starter',  'yearly', 'EUR', 28800),
  ('starter',  'monthly', 'USD', 2900),   ('starter',  'yearly', 'USD', 28800),
  ('starter',  'monthly', 'GBP', 2500),   ('starter',  'yearly', 'GBP', 24000),
  ('starter',  'monthly', 'CAD', 3900),   ('starter',  'yearly', 'CAD', 37200),
  ('starter',  'monthly', 'CHF', 2900),   ('starter',  'yearly', 'CHF', 28800),
  ('starter',  'monthly', 'JPY', 4500),   ('starter',  'yearly', 'JPY', 43200),
  ('starter',  'monthly', 'AUD', 4500),   ('starter',  'yearly', 'AUD', 43200);

-- Promotions applied with ?custom_code=… (matched case-insensitively on the upper-cased code).
create table promotions (
  id uuid primary key default gen_random_uuid(),
  code text not null unique check (code = upper(code) and code ~ '^[A-Z0-9_-]{2,64}$'),
  percent_off integer not null check (percent_off between 1 and 100),
  -- How many charges the discount applies to (1 = the first charge only); null = every charge.
  duration_charges integer check (duration_charges is null or duration_charges > 0),
  valid_from timestamptz,
  valid_until timestamptz,
  max_redemptions integer check (max_redemptions is null or max_redemptions > 0),
  redemptions integer not null default 0,
  stripe_coupon_id text,
  active boolean not null default true,
  created_at timestamptz not null default now()
);

insert into promotions (code, percent_off, duration_charges) values ('WELCOME10', 10, 1);

-- One row per provider customer (Stripe customer id; local customers use the user id).
create table payment_customers (
  user_id uuid not null,
  provider text not null check (provider in ('local', 'stripe')),
  customer_ref text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, provider),
  unique (provider, customer_ref)
);

-- Cards saved by the local provider: never the number or CVC, only what a receipt shows.
create table payment_methods (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  provider text not null check (provider in ('local', 'stripe')),
  brand text not null,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null,
  -- Local test cards decide how charges on this card end (success, decline, insufficient funds).
  test_behaviour text check (test_behaviour in ('success', 'decline', 'insufficient_funds')),
  created_at timestamptz not null default now()
);

create index payment_methods_user on payment_methods (user_id);

create table checkout_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  provider text not null check (provider in ('local', 'stripe')),
  provider_ref text unique,
  plan text not null references plans (code),
  interval text not null check (interval in ('yearly', 'monthly')),
  currency text not null references currencies (code),
  unit_amount integer not null,
  seats integer not null default 1 check (seats > 0),
  promotion_id uuid references promotions (id),
  percent_off integer,
  locale text not null check (locale in ('en', 'fr')),
  status text not null default 'open' check (status in ('open', 'complete', 'expired')),
  subscription_id uuid,
  expires_at timestamptz not null,
  completed_at timestamptz,
  created_at timestamptz not null default now()
);

create index checkout_sessions_user on checkout_sessions (user_id, created_at desc);

create table subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  provider text not null check (provider in ('local', 'stripe')),
  provider_ref text,
  plan text not null check (plan in ('business', 'starter')),
  interval text not null check (interval in ('yearly', 'monthly')),
  currency text not null,
  unit_amount integer not null check (unit_amount >= 0),
  seats integer not null default 1 check (seats > 0),
  status text not null check (status in ('trialing', 'active', 'past_due', 'canceled', 'incomplete')),
  trial_end timestamptz,
  current_period_end timestamptz,
  cancel_at timestamptz,
  canceled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Extra bookkeeping (nullable): the promotion, its percent and how many charges it still covers,
  -- and the local card to charge.
  promotion_id uuid references promotions (id),
  percent_off integer,
  discounted_charges_left integer,
  payment_method_id uuid references payment_methods (id),
  unique (provider, provider_ref)
);

create index subscriptions_user on subscriptions (user_id, created_at desc);
-- The trial-end / renewal job scans only live local subscriptions.
create index subscriptions_due on subscriptions (status, trial_end, current_period_end) where provider = 'local';

create trigger subscriptions_touch before update on subscriptions for each row execute function touch_updated_at();

-- Every attempt to take money (local job or a Stripe invoice), successful or not.
create table charges (
  id uuid primary key default gen_random_uuid(),
  subscription_id uuid not null references subscriptions (id),
  user_id uuid not null,
  provider text not null check (provider in ('local', 'stripe')),
  provider_ref text,
  amount integer not null check (amount >= 0),
  currency text not null,
  status text not null check (status in ('succeeded', 'failed')),
  failure_code text,
  period_start timestamptz,
  period_end timestamptz,
  created_at timestamptz not null default now(),
  unique (provider, provider_ref)
);

create index charges_subscription on charges (subscription_id, created_at desc);

create table refunds (
  id uuid primary key default gen_random_uuid(),
  charge_id uuid not null references charges (id),
  subscription_id uuid not null references subscriptions (id),
  user_id uuid not null,
  provider text not null check (provider in ('local', 'stripe')),
  provider_ref text,
  amount integer not null check (amount > 0),
  currency text not null,
  reason text not null default 'money_back_guarantee',
  created_at timestamptz not null default now(),
  unique (charge_id)
);

-- Provider webhook events already applied: a replayed event id is acknowledged and skipped.
create table webhook_events (
  id text primary key,
  provider text not null check (provider in ('stripe')),
  type text not null,
  received_at timestamptz not null default now(),
  payload jsonb not null
);
