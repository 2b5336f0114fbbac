import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../db/schema';
import { e164Spelling, gotrueSpelling } from '../../core/phone/spelling';
import { HttpError } from '../http/errors';

/**
 * What erasure does with each table holding a column that can name a person (a name, an email, a
 * phone, an address, a device, a user id). tests/server/data/erasure.test.ts reads the database's
 * catalog and fails when a table with such a column is missing here.
 */
export const erasureCoverage: Record<string, string> = {
  auth_users: 'deleted (its own row); other accounts’ unproven claims on the address are dropped',
  auth_sessions: 'deleted with the user (foreign key)',
  auth_refresh_tokens: 'deleted with the user (foreign key)',
  auth_factors: 'deleted with the user (foreign key)',
  auth_challenges: 'deleted with the factors (foreign key)',
  auth_flow_states: 'deleted with the user (foreign key)',
  auth_otps: 'deleted: the user’s codes and any code sent to their addresses or numbers',
  auth_outbox: 'deleted: every message sent to their addresses or numbers',
  profiles: 'deleted with the user (foreign key)',
  businesses: 'deleted with the user (foreign key)',
  legitimacy_checks: 'deleted with the user (foreign key)',
  bookings: 'deleted: demo requests made with their email or phone',
  analytics_events: 'deleted: their events, and every event of the devices they used',
  analytics_funnel_days: 'deleted: the funnel days of their user id and of the devices they used',
  analytics_funnel_people: 'deleted with their funnel days (a trigger merges each person again from the days left, migration 0960)',
  subscriptions: 'kept for the accounts, anonymised (user id replaced, card link removed); a live one is cancelled first',
  charges: 'kept for the accounts (invoices), anonymised',
  refunds: 'kept for the accounts, anonymised',
  checkout_sessions: 'deleted',
  payment_methods: 'deleted (brand and last four digits)',
  payment_customers: 'deleted, after the Stripe customer is deleted',
  webhook_events: 'deleted: provider events that mention their customer or address',
  rate_limit_hits: 'deleted: windows counted per address or number',
  auth_send_slots: 'deleted: the cooldown slots of their addresses and numbers',
};

/** Columns named like these hold personal data (the catalog check and docs/data.md use this rule). */
export const personalColumnWords = ['email', 'phone', 'name', 'ip', 'recipient', 'device', 'agent'] as const;

/** A column of a public table that names something else than a person (checked by hand). */
export const notPersonal: Record<string, string> = {
  'auth_settings.name': 'the name of a server setting',
};

export interface ErasureResult {
  userId: string;
  /** Rows removed or anonymised, per table. */
  rows: Record<string, number>;
}

export interface ErasureOptions {
  stripe: Stripe | null;
  now: Date;
}

const LIVE = ['trialing', 'active', 'past_due'] as const;

interface Identifiers {
  emails: string[];
  phones: string[];
}

/**
 * Erases one person: the subscription ends and the Stripe customer is deleted first (a failure
 * there stops here, nothing deleted, so it can be run again), then one transaction removes every row
 * that names them and anonymises what the accounts must keep (subscriptions, charges, refunds).
 * Running it twice, or twelve times at once, erases once: the user's row is locked, and later runs
 * find nothing left.
 */
export async function erasePerson(db: Kysely<Database>, userId: string, options: ErasureOptions): Promise<ErasureResult> {
  await endAtProvider(db, userId, options.stripe);
  const rows = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('auth_users').select('id').where('id', '=', userId).forUpdate().execute();
    const identifiers = await identifiersOf(trx, userId);
    return eraseRows(trx, userId, identifiers, options.now);
  });
  return { userId, rows: Object.fromEntries(Object.entries(rows).filter(([, count]) => count > 0)) };
}

/** Stripe keeps charging a customer we forgot: its live subscriptions are cancelled now, then the customer deleted. */
async function endAtProvider(db: Kysely<Database>, userId: string, stripe: Stripe | null): Promise<void> {
  const subscriptions = await db
    .selectFrom('subscriptions')
    .select('provider_ref')
    .where('user_id', '=', userId)
    .where('provider', '=', 'stripe')
    .where('status', 'in', [...LIVE])
    .execute();
  const customers = await db.selectFrom('payment_customers').select('customer_ref').where('user_id', '=', userId).where('provider', '=', 'stripe').execute();
  if (subscriptions.length === 0 && customers.length === 0) return;
  if (!stripe) throw new HttpError(503, 'PROVIDER_ERROR', 'This account has a Stripe customer and Stripe is not configured');
  try {
    for (const { provider_ref } of subscriptions) if (provider_ref) await alreadyGoneIsDone(stripe.subscriptions.cancel(provider_ref));
    for (const { customer_ref } of customers) await alreadyGoneIsDone(stripe.customers.del(customer_ref));
  } catch (error) {
    throw new HttpError(502, 'PROVIDER_ERROR', `The payment provider failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A subscription or customer an earlier (or concurrent) erasure already removed at Stripe. */
async function alreadyGoneIsDone(request: Promise<unknown>): Promise<void> {
  try {
    await request;
  } catch (error) {
    const stripeError = error as { statusCode?: number; code?: string };
    if (stripeError.statusCode === 404 || stripeError.code === 'resource_missing') return;
    throw error;
  }
}

async function identifiersOf(trx: Transaction<Database>, userId: string): Promise<Identifiers> {
  const { rows } = await sql<{ value: string | null; kind: 'email' | 'phone' }>`
    select email as value, 'email' as kind from auth_users where id = ${userId}
    union select new_email, 'email' from auth_users where id = ${userId}
    union select phone, 'phone' from auth_users where id = ${userId}
    union select new_phone, 'phone' from auth_users where id = ${userId}
    union select email, 'email' from profiles where user_id = ${userId}
    union select phone, 'phone' from profiles where user_id = ${userId}
    union select phone, 'phone' from auth_factors where user_id = ${userId}`.execute(trx);
  const emails = new Set<string>();
  const phones = new Set<string>();
  for (const { value, kind } of rows) {
    if (!value) continue;
    if (kind === 'email') emails.add(value.toLowerCase());
    else {
      // Every spelling names the person: as stored, E.164 and GoTrue's wire spelling (no '+').
      phones.add(value).add(e164Spelling(value)).add(gotrueSpelling(value));
    }
  }
  return { emails: [...emails], phones: [...phones] };
}

async function eraseRows(trx: Transaction<Database>, userId: string, ids: Identifiers, now: Date): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const run = async (table: string, statement: ReturnType<typeof sql>) => {
    const result = await statement.execute(trx);
    counts[table] = (counts[table] ?? 0) + Number(result.numAffectedRows ?? 0);
  };
  const recipients = [...ids.emails, ...ids.phones];
  const none = recipients.length === 0;
  const list = (values: string[]) => sql`(select unnest(${values}::text[]))`;

  // What the accounts keep: the subscription ended now, its rows under an id that leads nowhere.
  const anonymous = randomUUID();
  await sql`update subscriptions set status = 'canceled', canceled_at = coalesce(canceled_at, ${now}), cancel_at = coalesce(cancel_at, ${now}), next_payment_attempt_at = null
    where user_id = ${userId} and status in ('trialing', 'active', 'past_due')`.execute(trx);
  await run('subscriptions', sql`update subscriptions set user_id = ${anonymous}, payment_method_id = null where user_id = ${userId}`);
  await run('charges', sql`update charges set user_id = ${anonymous} where user_id = ${userId}`);
  await run('refunds', sql`update refunds set user_id = ${anonymous} where user_id = ${userId}`);

  const customerRefs = (await trx.selectFrom('payment_customers').select('customer_ref').where('user_id', '=', userId).execute()).map((row) => row.customer_ref);
  const mentions = [...customerRefs, ...ids.emails].map((value) => `%${likeEscaped(value)}%`);
  if (mentions.length > 0) await run('webhook_events', sql`delete from webhook_events where payload::text like any(${mentions}::text[])`);
  await run('checkout_sessions', sql`delete from checkout_sessions where user_id = ${userId}`);
  await run('payment_methods', sql`delete from payment_methods where user_id = ${userId}`);
  await run('payment_customers', sql`delete from payment_customers where user_id = ${userId}`);

  // Before their events go: the events name the devices they used.
  await run(
    'analytics_funnel_days',
    sql`delete from analytics_funnel_days where user_id = ${userId} or person = ${`user:${userId}`}
      or person in (select device_id from analytics_events where user_id = ${userId} and device_id is not null)
      or person in (select person from analytics_funnel_days where user_id = ${userId})`,
  );
  await run(
    'analytics_events',
    sql`delete from analytics_events where user_id = ${userId}
      or device_id in (select device_id from analytics_events where user_id = ${userId} and device_id is not null)`,
  );
  if (!none) {
    await run('bookings', sql`delete from bookings where lower(email) in ${list(ids.emails)} or phone in ${list(ids.phones)}`);
    await run('auth_outbox', sql`delete from auth_outbox where recipient in ${list(recipients)}`);
    await run('auth_otps', sql`delete from auth_otps where recipient in ${list(recipients)}`);
    const keys = recipients.map((value) => `%:${likeEscaped(value)}`);
    await run('rate_limit_hits', sql`delete from rate_limit_hits where key like any(${keys}::text[])`);
    await run('auth_send_slots', sql`delete from auth_send_slots where key like any(${keys}::text[])`);
  }
  if (ids.emails.length > 0) {
    await run('auth_users', sql`update auth_users set new_email = null where new_email in ${list(ids.emails)} and id <> ${userId}`);
  }
  // The rest goes with the user's row (foreign keys: sessions, tokens, codes, factors and their
  // challenges, flow states, profile, business, identity checks).
  await run('auth_users', sql`delete from auth_users where id = ${userId}`);
  await run('profiles', sql`delete from profiles where user_id = ${userId}`);
  return counts;
}

const likeEscaped = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);
