import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

/**
 * A product that has been running for a while, written with set-based SQL (no round trip per row):
 * `people` sign-ups spread over the `days` before `now`, each with what a year of use leaves behind —
 * sessions, spent refresh tokens, codes and the messages that carried them, analytics events, some
 * subscriptions and checkouts, webhook events, MFA leftovers and anonymous visitors. Used by the plan
 * test (tests/server/data), the retention figures and `npm run data:seed-figures`.
 *
 * Row i of each table is derived from i alone, so two runs seed the same shapes.
 */
export interface SeedOptions {
  people: number;
  now: Date;
  /** How far back sign-ups and their events go. */
  days?: number;
  /** Analytics events per person. */
  eventsPerPerson?: number;
  /** Refresh tokens per session (all but the newest spent). */
  tokensPerSession?: number;
}

export interface SeedCounts {
  [table: string]: number;
}

export const SEED_API_KEY = 'seed-analytics-key';

export async function seedYearOfData(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The rows are consistent by construction: foreign-key triggers would only slow the seeding.
    await sql`set local session_replication_role = replica`.execute(trx);
    await insertRows(trx, options);
  });
  await sql`analyze`.execute(db);
}

async function insertRows(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  const n = options.people;
  const days = options.days ?? 365;
  const events = options.eventsPerPerson ?? 10;
  const tokens = options.tokensPerSession ?? 6;
  const now = options.now.toISOString();
  // Every statement reads "t(i, at)": the row number and a time spread evenly over the period (i is a
  // bigint: i * 7919 passes the int4 range past 271,000 people).
  const spread = (count: number) => sql.raw(`generate_series(1::bigint, ${count}) as i, lateral (select '${now}'::timestamptz - ((i * 7919) % (${days} * 1440)) * interval '1 minute' as at) t`);

  await sql`insert into auth_users (id, email, phone, is_anonymous, email_confirmed_at, phone_confirmed_at, new_email, created_at, updated_at)
    select md5('user' || i)::uuid,
           case when i % 50 = 0 then null else 'person' || i || '@example.com' end,
           case when i % 50 = 0 then null else '+3361' || lpad(i::text, 7, '0') end,
           i % 50 = 0, at, at,
           case when i % 100 = 1 then 'claim' || i || '@example.com' end,
           at, at
    from ${spread(n)}`.execute(db);
  await sql`insert into profiles (user_id, first_name, last_name, email, phone, created_at, updated_at)
    select id, 'First', 'Last', email, phone, created_at, created_at from auth_users where not is_anonymous`.execute(db);
  await sql`insert into businesses (user_id, company_name, website, created_at, updated_at)
    select id, 'Company ' || email, 'https://example.com', created_at, created_at from auth_users where not is_anonymous`.execute(db);
  await sql`insert into legitimacy_checks (user_id, outcome, decided_by, ip, phone_prefix, email_domain, created_at)
    select id, 'VALIDATED', 'rules', '192.0.2.1', '+3361', 'example.com', created_at from auth_users where not is_anonymous`.execute(db);

  // Two sessions each: one still used, one that ended (a lifetime set) days ago.
  await sql`insert into auth_sessions (id, user_id, ip, user_agent, created_at, refreshed_at, not_after)
    select md5('session' || i || '-' || k)::uuid, md5('user' || i)::uuid, '192.0.2.1', 'Mozilla/5.0', at, at,
           case when k = 2 then at + interval '1 day' end
    from ${spread(n)}, generate_series(1, 2) as k`.execute(db);
  // Refresh tokens per session: the newest live, the others spent by rotation.
  await sql`insert into auth_refresh_tokens (token_hash, session_id, user_id, revoked_at, created_at)
    select md5('token' || i || '-' || k || '-' || r), md5('session' || i || '-' || k)::uuid, md5('user' || i)::uuid,
           case when r < ${sql.raw(String(tokens))} then at + r * interval '1 hour' end, at + r * interval '1 hour'
    from ${spread(n)}, generate_series(1, 2) as k, generate_series(1, ${sql.raw(String(tokens))}) as r`.execute(db);
  // Three sign-in codes each (spent), and the message that carried each.
  await sql`insert into auth_otps (purpose, channel, recipient, user_id, code_hash, created_at, expires_at, consumed_at)
    select 'signin', 'sms', '+3361' || lpad(i::text, 7, '0'), md5('user' || i)::uuid, md5('code' || i || '-' || r),
           at + r * interval '1 day', at + r * interval '1 day' + interval '10 minutes', at + r * interval '1 day' + interval '1 minute'
    from ${spread(n)}, generate_series(0, 2) as r where i % 50 <> 0`.execute(db);
  await sql`insert into auth_outbox (channel, recipient, body, created_at, sent_at)
    select 'sms', '+3361' || lpad(i::text, 7, '0'), 'Your code is 123456', at + r * interval '1 day', at + r * interval '1 day'
    from ${spread(n)}, generate_series(0, 2) as r where i % 50 <> 0`.execute(db);

  // MFA leftovers: one factor never verified and its challenge for one person in ten, a PKCE flow each.
  await sql`insert into auth_factors (id, user_id, factor_type, status, created_at, updated_at)
    select md5('factor' || i)::uuid, md5('user' || i)::uuid, 'totp', 'unverified', at, at from ${spread(n)} where i % 10 = 0`.execute(db);
  await sql`insert into auth_challenges (factor_id, ip, created_at, expires_at)
    select md5('factor' || i)::uuid, '192.0.2.1', at, at + interval '5 minutes' from ${spread(n)} where i % 10 = 0`.execute(db);
  await sql`insert into auth_flow_states (auth_code_hash, code_challenge, code_challenge_method, user_id, authentication_method, created_at)
    select md5('flow' || i), 'challenge', 's256', md5('user' || i)::uuid, 'otp', at from ${spread(n)}`.execute(db);

  // A subscription for one person in two (none due at `now`), in every state the billing job looks at; their checkouts.
  await sql`insert into subscriptions (user_id, provider, plan, interval, currency, unit_amount, status, trial_end, current_period_end, cancel_at, next_payment_attempt_at, created_at)
    select md5('user' || i)::uuid, 'local', 'business', 'monthly', 'EUR', 4900,
           (array['trialing', 'active', 'active', 'active', 'past_due', 'canceled'])[1 + i % 6],
           '${sql.raw(now)}'::timestamptz + (i % 14 + 1) * interval '1 day', '${sql.raw(now)}'::timestamptz + (i % 28 + 1) * interval '1 day',
           case when i % 6 = 3 then '${sql.raw(now)}'::timestamptz + interval '20 days' end,
           case when i % 6 = 4 then '${sql.raw(now)}'::timestamptz + interval '1 day' end,
           at
    from ${spread(n)} where i % 2 = 0 and i % 50 <> 0`.execute(db);
  await sql`insert into checkout_sessions (user_id, provider, plan, interval, currency, unit_amount, locale, status, expires_at, created_at)
    select md5('user' || i)::uuid, 'local', 'business', 'monthly', 'EUR', 4900, 'en',
           case when i % 3 = 0 then 'complete' else 'expired' end, at + interval '1 day', at
    from ${spread(n)} where i % 50 <> 0`.execute(db);
  await sql`insert into webhook_events (id, provider, type, received_at, payload)
    select 'evt_seed_' || i, 'stripe', 'invoice.paid', at, '{}'::jsonb from ${spread(Math.ceil(n / 3))}`.execute(db);

  await sql`insert into analytics_api_keys (api_key, label) values (${SEED_API_KEY}, 'seed') on conflict do nothing`.execute(db);
  await sql`insert into analytics_events (api_key, event_type, user_id, device_id, time, received_at, ip)
    select ${SEED_API_KEY}, (array['landing_viewed', 'signup_started', 'phone_verified', 'checkout_viewed'])[1 + e % 4],
           md5('user' || i)::uuid::text, 'device-' || i, at + e * interval '1 minute', at + e * interval '1 minute', '192.0.2.1'
    from ${spread(n)}, generate_series(1, ${sql.raw(String(events))}) as e`.execute(db);
}

/** Rows per table in the public schema, largest first. */
export async function tableRows(db: Kysely<Database>): Promise<SeedCounts> {
  const { rows } = await sql<{ name: string; count: number }>`
    select c.relname as name, (xpath('/row/n/text()', query_to_xml('select count(*) as n from ' || quote_ident(c.relname), false, true, '')))[1]::text::bigint as count
    from pg_class c join pg_namespace s on s.oid = c.relnamespace
    where s.nspname = 'public' and c.relkind = 'r' order by 2 desc, 1`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.count)]));
}
