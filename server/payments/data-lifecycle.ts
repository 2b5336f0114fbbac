import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { before, likeEscaped, type ErasurePart, type RetentionRule, type UserStillNeeded } from '../data-lifecycle/lifecycle';
import { LIVE_STATUSES } from './subscription-life';
import { DAY_MS } from '../../core/durations';
import { TRIAL_MARK_RETENTION_DAYS } from '../../core/payments/trial-marks';

/**
 * The payments capability's data lifecycle (docs/data.md): how long checkouts and provider events are
 * kept, which users it still needs, and what erasing a person does to its tables.
 */

/** Its retention rules, in the order the job applies them. */
export const paymentsRetentionRules: RetentionRule[] = [
  {
    name: 'expired checkout sessions',
    table: 'checkout_sessions',
    key: 'id',
    // The expression of index checkout_sessions_unpaid_expiry (migration 0961), whose statistics know
    // unpaid checkouts are recent; `status <> 'complete' and expires_at < $1` was planned as a table read.
    where: (now, p) => sql<boolean>`(case when status <> 'complete' then expires_at end) < ${before(now, p.checkoutMs)}`,
  },
  {
    name: 'applied webhook events',
    table: 'webhook_events',
    key: 'id',
    where: (now, p) => sql<boolean>`received_at < ${before(now, p.webhookEventMs)}`,
  },
  {
    // #37.4: who had a free trial, by keyed hash only, for the trial's purpose; past this period the
    // same number, address or card may have a trial again (docs/decisions/3704-one-trial-per-person.md).
    name: 'trial marks past their period',
    table: 'trial_marks',
    key: 'digest',
    where: (now) => sql<boolean>`recorded_at < ${before(now, TRIAL_MARK_RETENTION_DAYS * DAY_MS)}`,
  },
];

/**
 * A user who holds a live subscription: its record needs its owner, so the auth service's
 * anonymous-users rule spares them. Statuses are literals, as the billing job's, so a partial index
 * matches whatever plan is cached.
 */
export const holdsLiveSubscription: UserStillNeeded = (userId) =>
  sql<boolean>`exists (select 1 from subscriptions s where s.user_id = ${userId} and s.status in ('trialing', 'active', 'past_due'))`;

/**
 * Its share of erasure: the provider first (outside the transaction), then what the accounts must
 * keep is anonymised and the rest deleted. Customer refs are read before the customers go: the
 * webhook events are found by them.
 */
export const paymentsErasure: ErasurePart = {
  capability: 'payments',
  coverage: {
    subscriptions: 'kept for the accounts, anonymised (user id replaced, card link removed); a live one is cancelled first',
    charges: 'kept for the accounts (invoices), anonymised',
    refunds: 'kept for the accounts, anonymised',
    checkout_sessions: 'deleted',
    payment_methods: 'deleted (brand and last four digits)',
    payment_customers: 'deleted, after the Stripe customer is deleted',
    webhook_events: 'deleted: provider events that mention their customer or an address they proved',
  },
  // trial_marks is left as it is: keyed hashes with no user id, the fact 'this number, address or card
  // had a free trial' that outlives the account (#37.4, docs/decisions/3704-one-trial-per-person.md).

  before: (db, userId, { stripe }) => endAtProvider(db, userId, stripe),

  async erase(trx, person, count, { now }) {
    const { userId } = person;
    if (!userId) {
      // An address no account proved (the team's erasure of a demo booker): only provider events can name it.
      const mentions = person.emails.map((value) => `%${likeEscaped(value)}%`);
      if (mentions.length > 0) await count('webhook_events', sql`delete from webhook_events where payload::text like any(${mentions}::text[])`);
      return;
    }
    // What the accounts keep: the subscription ended now, its rows under an id that leads nowhere.
    const anonymous = randomUUID();
    await sql`update subscriptions set status = 'canceled', canceled_at = coalesce(canceled_at, ${now}), cancel_at = coalesce(cancel_at, ${now}), next_payment_attempt_at = null
      where user_id = ${userId} and status in ('trialing', 'active', 'past_due')`.execute(trx);
    await count('subscriptions', sql`update subscriptions set user_id = ${anonymous}, payment_method_id = null where user_id = ${userId}`);
    await count('charges', sql`update charges set user_id = ${anonymous} where user_id = ${userId}`);
    await count('refunds', sql`update refunds set user_id = ${anonymous} where user_id = ${userId}`);

    const customerRefs = (await trx.selectFrom('payment_customers').select('customer_ref').where('user_id', '=', userId).execute()).map((row) => row.customer_ref);
    const mentions = [...customerRefs, ...person.emails].map((value) => `%${likeEscaped(value)}%`);
    if (mentions.length > 0) await count('webhook_events', sql`delete from webhook_events where payload::text like any(${mentions}::text[])`);
    await count('checkout_sessions', sql`delete from checkout_sessions where user_id = ${userId}`);
    await count('payment_methods', sql`delete from payment_methods where user_id = ${userId}`);
    await count('payment_customers', sql`delete from payment_customers where user_id = ${userId}`);
  },
};

/** Stripe keeps charging a customer we forgot: its live subscriptions are cancelled now, then the customer deleted. */
async function endAtProvider(db: Kysely<Database>, userId: string, stripe: Stripe | null): Promise<void> {
  const subscriptions = await db
    .selectFrom('subscriptions')
    .select('provider_ref')
    .where('user_id', '=', userId)
    .where('provider', '=', 'stripe')
    .where('status', 'in', [...LIVE_STATUSES])
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
