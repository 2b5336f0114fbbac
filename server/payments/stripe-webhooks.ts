import type Stripe from 'stripe';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../db/errors';
import type { Database } from '../db/schema';
import { recordMarks, type TrialMarks } from './trial-marks';
import { ONE_LIVE_SUBSCRIPTION_INDEX } from './local-checkout';
import { planCodeSchema, billingIntervalSchema } from '../../core/contracts/payments';
import { fromUnix, mapStripeStatus } from './stripe-provider';

/**
 * Applies verified Stripe events to the subscriptions, charges and checkout sessions tables. Each
 * event id is written to webhook_events in the same transaction as its effects: a replayed event is
 * acknowledged and skipped, and a failure rolls both back so Stripe's retry applies it later.
 */

export const handledEventTypes = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
] as const;

export interface ApplyResult {
  duplicate: boolean;
  applied: boolean;
}

export async function applyStripeEvent(db: Kysely<Database>, stripe: Stripe, event: Stripe.Event, marks?: TrialMarks): Promise<ApplyResult> {
  const seen = await db.selectFrom('webhook_events').select('id').where('id', '=', event.id).executeTakeFirst();
  if (seen) return { duplicate: true, applied: false };

  // Network reads happen before the transaction so it holds no connection while waiting on Stripe.
  let subscription: Stripe.Subscription | null = null;
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    const id = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
    // Expanded: a trial's card fingerprint is one of its marks (#37.4, trial-marks.ts).
    if (session.mode === 'subscription' && id) subscription = await stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] });
  }

  try {
    return await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('webhook_events')
        .values({ id: event.id, provider: 'stripe', type: event.type, payload: JSON.stringify(event) })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return { duplicate: true, applied: false };
      const applied = await applyInTransaction(trx, event, subscription, marks);
      return { duplicate: false, applied };
    });
  } catch (error) {
    if (!isUniqueViolation(error, ONE_LIVE_SUBSCRIPTION_INDEX)) throw error;
    // A second live subscription for a user who already has one (two checkout pages paid at once):
    // the database refused it. It is cancelled at Stripe during its trial, before any charge; its
    // own subscription.deleted event then records it as canceled.
    const duplicate = subscription ?? (event.type.startsWith('customer.subscription.') ? (event.data.object as Stripe.Subscription) : null);
    if (duplicate) await stripe.subscriptions.cancel(duplicate.id);
    await db
      .insertInto('webhook_events')
      .values({ id: event.id, provider: 'stripe', type: event.type, payload: JSON.stringify(event) })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    return { duplicate: false, applied: false };
  }
}

async function applyInTransaction(trx: Transaction<Database>, event: Stripe.Event, prefetched: Stripe.Subscription | null, marks?: TrialMarks): Promise<boolean> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const userId = session.metadata?.user_id ?? session.client_reference_id ?? null;
      let subscriptionId: string | null = null;
      if (prefetched) subscriptionId = await upsertSubscription(trx, prefetched, userId, marks);
      await trx
        .updateTable('checkout_sessions')
        .set({ status: 'complete', completed_at: new Date(event.created * 1000), subscription_id: subscriptionId })
        .where('provider', '=', 'stripe')
        .where('provider_ref', '=', session.id)
        .execute();
      return subscriptionId !== null;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return (await upsertSubscription(trx, event.data.object, null, marks)) !== null;
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return recordInvoice(trx, event.data.object, 'succeeded');
    case 'invoice.payment_failed':
      return recordInvoice(trx, event.data.object, 'failed');
    default:
      return false;
  }
}

/** Inserts or refreshes our row for a Stripe subscription; null when it cannot be tied to a user. */
async function upsertSubscription(trx: Transaction<Database>, subscription: Stripe.Subscription, userIdHint: string | null, marks?: TrialMarks): Promise<string | null> {
  const existing = await trx
    .selectFrom('subscriptions')
    .select(['id', 'user_id'])
    .where('provider', '=', 'stripe')
    .where('provider_ref', '=', subscription.id)
    .executeTakeFirst();
  const item = subscription.items.data[0];
  const status = mapStripeStatus(subscription.status);
  const changes = {
    status,
    trial_end: fromUnix(subscription.trial_end),
    current_period_end: fromUnix(item?.current_period_end),
    cancel_at: fromUnix(subscription.cancel_at) ?? (subscription.cancel_at_period_end ? fromUnix(item?.current_period_end) : null),
    canceled_at: fromUnix(subscription.canceled_at) ?? (status === 'canceled' ? fromUnix(subscription.ended_at) : null),
    seats: item?.quantity ?? 1,
  };
  if (existing) {
    await trx.updateTable('subscriptions').set(changes).where('id', '=', existing.id).execute();
    if (marks && status === 'trialing') await markStripeTrial(trx, subscription, existing.user_id, marks);
    return existing.id;
  }
  const userId = subscription.metadata.user_id ?? userIdHint;
  const plan = planCodeSchema.safeParse(subscription.metadata.plan);
  const interval = billingIntervalSchema.safeParse(subscription.metadata.interval ?? (item?.price.recurring?.interval === 'year' ? 'yearly' : 'monthly'));
  if (!userId || !plan.success || !interval.success) return null;
  const row = await trx
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      provider: 'stripe',
      provider_ref: subscription.id,
      plan: plan.data,
      interval: interval.data,
      currency: subscription.currency.toUpperCase(),
      unit_amount: item?.price.unit_amount ?? 0,
      created_at: new Date(subscription.created * 1000),
      ...changes,
    })
    .onConflict((conflict) => conflict.columns(['provider', 'provider_ref']).doUpdateSet(changes))
    .returning('id')
    .executeTakeFirstOrThrow();
  if (marks && status === 'trialing') await markStripeTrial(trx, subscription, userId, marks);
  return row.id;
}

/**
 * A Stripe trial's marks (#37.4): the account's proven phone and email, and the card's fingerprint
 * when Stripe gives the payment method expanded. Recorded, never refused here: Stripe already
 * started the trial, and the paywall's decision (trialAvailable) is what keeps a second one away.
 */
async function markStripeTrial(trx: Transaction<Database>, subscription: Stripe.Subscription, userId: string, marks: TrialMarks): Promise<void> {
  const method = subscription.default_payment_method;
  const fingerprint = method && typeof method !== 'string' ? method.card?.fingerprint : null;
  const found = [...(await marks.ofAccount(trx, userId)), ...(fingerprint ? [marks.card(fingerprint)] : [])];
  await recordMarks(trx, found, new Date(subscription.created * 1000));
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const ref = invoice.parent?.subscription_details?.subscription;
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

async function recordInvoice(trx: Transaction<Database>, invoice: Stripe.Invoice, outcome: 'succeeded' | 'failed'): Promise<boolean> {
  const stripeSubscriptionId = invoiceSubscriptionId(invoice);
  if (!stripeSubscriptionId || !invoice.id) return false;
  const subscription = await trx
    .selectFrom('subscriptions')
    .select(['id', 'user_id', 'status'])
    .where('provider', '=', 'stripe')
    .where('provider_ref', '=', stripeSubscriptionId)
    .executeTakeFirst();
  if (!subscription) return false;
  const amount = outcome === 'succeeded' ? invoice.amount_paid : invoice.amount_due;
  // The €0 invoice that opens a trial is not a payment.
  if (amount <= 0) return false;
  const line = invoice.lines.data[0];
  await trx
    .insertInto('charges')
    .values({
      subscription_id: subscription.id,
      user_id: subscription.user_id,
      provider: 'stripe',
      provider_ref: invoice.id,
      amount,
      currency: invoice.currency.toUpperCase(),
      status: outcome,
      failure_code: outcome === 'failed' ? 'invoice_payment_failed' : null,
      period_start: fromUnix(line?.period.start),
      period_end: fromUnix(line?.period.end),
      created_at: new Date((invoice.status_transitions.paid_at ?? invoice.created) * 1000),
    })
    // invoice.paid and invoice.payment_succeeded describe the same payment: keep one row, the latest word.
    .onConflict((conflict) => conflict.columns(['provider', 'provider_ref']).doUpdateSet({ status: outcome, amount }))
    .execute();
  if (subscription.status !== 'canceled') {
    await trx
      .updateTable('subscriptions')
      .set({ status: outcome === 'succeeded' ? 'active' : 'past_due' })
      .where('id', '=', subscription.id)
      .execute();
  }
  return true;
}

/**
 * The browser's return from Stripe Checkout (success_url): reads the session and its subscription
 * from Stripe and records them at once, so next-steps finds the trial even when the webhook has not
 * arrived yet. Idempotent with the webhook (same upsert on provider_ref). Returns the locale.
 */
export async function syncReturnedCheckout(db: Kysely<Database>, stripe: Stripe, stripeSessionId: string, marks?: TrialMarks): Promise<'en' | 'fr' | null> {
  const ours = await db
    .selectFrom('checkout_sessions')
    .select(['id', 'locale', 'user_id'])
    .where('provider', '=', 'stripe')
    .where('provider_ref', '=', stripeSessionId)
    .executeTakeFirst();
  if (!ours) return null;
  const session = await stripe.checkout.sessions.retrieve(stripeSessionId);
  const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
  if (session.status !== 'complete' || !subscriptionId) return ours.locale;
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] });
  await db.transaction().execute(async (trx) => {
    const id = await upsertSubscription(trx, subscription, ours.user_id, marks);
    await trx.updateTable('checkout_sessions').set({ status: 'complete', completed_at: new Date(), subscription_id: id }).where('id', '=', ours.id).execute();
  });
  return ours.locale;
}
