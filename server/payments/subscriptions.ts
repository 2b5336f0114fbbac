import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import type { SubscriptionView } from '../../core/contracts/payments';
import { cancelLocalSubscription, cancellationDate, nextChargeAmount, nextChargeAt, recordRefundAndCancel, refundableCharge, undoCancellation } from './billing';
import { findCurrency } from './plans';
import { cancelStripeSubscription, refundStripeCharge, resumeStripeSubscription } from './stripe-provider';
import { actionsFor, endsAt, isLiveStatus, nextActionFor, stageOf } from './subscription-life';
import { findCurrentSubscriptionRow } from './subscription-status';
import type { SubscriptionRow } from './tables';

/** How many payments the account page lists (two years of monthly charges). */
export const CHARGES_SHOWN = 24;

async function requireCurrent(db: Kysely<Database>, userId: string): Promise<SubscriptionRow> {
  const row = await findCurrentSubscriptionRow(db, userId);
  if (!row) throw new HttpError(404, 'NO_SUBSCRIPTION', 'This account has no subscription');
  return row;
}

export async function subscriptionView(db: Kysely<Database>, userId: string, now: Date): Promise<SubscriptionView | null> {
  const row = await findCurrentSubscriptionRow(db, userId);
  if (!row) return null;
  const currency = await findCurrency(db, row.currency);
  const card = row.payment_method_id
    ? await db.selectFrom('payment_methods').select(['brand', 'last4']).where('id', '=', row.payment_method_id).executeTakeFirst()
    : undefined;
  // The account page's payment history: the latest first, as many as CHARGES_SHOWN.
  const charges = await db
    .selectFrom('charges')
    .leftJoin('refunds', 'refunds.charge_id', 'charges.id')
    .select(['charges.id', 'charges.amount', 'charges.status', 'charges.created_at', 'refunds.id as refund_id'])
    .where('charges.subscription_id', '=', row.id)
    .orderBy('charges.created_at', 'desc')
    .limit(CHARGES_SHOWN)
    .execute();
  const chargeViews = charges.map((charge) => ({
    id: charge.id,
    amount: charge.amount,
    status: charge.status,
    at: charge.created_at.toISOString(),
    refunded: charge.refund_id !== null,
  }));
  const lastCharge = chargeViews[0];
  const refundable = await refundableCharge(db, row.id, now);
  const refunded = row.status === 'canceled' && (await db.selectFrom('refunds').select('id').where('subscription_id', '=', row.id).limit(1).executeTakeFirst()) !== undefined;
  const stage = stageOf(row, refunded);
  const canRefund = row.status !== 'canceled' && refundable.within;
  const actions = actionsFor(stage, canRefund);
  const chargeAt = nextChargeAt(row);
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    id: row.id,
    provider: row.provider,
    plan: row.plan,
    interval: row.interval,
    status: row.status,
    stage,
    endsAt: iso(endsAt(row, stage)),
    nextAction: nextActionFor(stage),
    actions,
    currency: row.currency,
    minorUnits: currency?.minorUnits ?? 2,
    seats: row.seats,
    unitAmount: row.unit_amount,
    nextChargeAmount: chargeAt ? nextChargeAmount(row) : null,
    nextChargeAt: iso(chargeAt),
    trialEnd: iso(row.trial_end),
    currentPeriodEnd: iso(row.current_period_end),
    cancelAt: iso(row.cancel_at),
    canceledAt: iso(row.canceled_at),
    percentOff: row.percent_off,
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    canCancel: actions.includes('cancel'),
    refundableUntil: canRefund ? iso(refundable.until) : null,
    canUpdateCard: actions.includes('updateCard') && isLiveStatus(row.status),
    lastCharge: lastCharge ? { amount: lastCharge.amount, status: lastCharge.status, at: lastCharge.at, refunded: lastCharge.refunded } : null,
    charges: chargeViews,
  };
}

/**
 * Cancel: a trial runs to its end and is never charged, a paid period to its end; an unpaid
 * subscription ends at once (billing.ts cancellationDate). Undoable until then (resumeSubscription).
 */
export async function cancelSubscription(db: Kysely<Database>, stripe: Stripe | null, userId: string, now: Date): Promise<void> {
  const row = await requireCurrent(db, userId);
  if (row.status === 'canceled' || row.cancel_at !== null) throw new HttpError(409, 'NOT_CANCELABLE', 'This subscription is already canceled');
  if (row.provider === 'stripe') {
    if (!stripe) throw new HttpError(503, 'PROVIDER_ERROR', 'Stripe is not configured');
    const cancelAt = cancellationDate(row, now);
    await cancelStripeSubscription(stripe, row, cancelAt !== null);
    // The webhook (customer.subscription.updated/deleted) confirms; reflect the request right away.
    const changes = cancelAt ? { cancel_at: cancelAt } : { status: 'canceled' as const, canceled_at: now, cancel_at: now };
    await db.updateTable('subscriptions').set(changes).where('id', '=', row.id).execute();
    return;
  }
  if (!(await cancelLocalSubscription(db, row, now))) throw new HttpError(409, 'NOT_CANCELABLE', 'This subscription is already canceled');
}

/** Undo a cancellation before it takes effect: the trial or the paid period goes on as before. */
export async function resumeSubscription(db: Kysely<Database>, stripe: Stripe | null, userId: string, now: Date): Promise<void> {
  const row = await requireCurrent(db, userId);
  if (stageOf(row, false) !== 'ending' || !row.cancel_at || row.cancel_at <= now) {
    throw new HttpError(409, 'NOT_RESUMABLE', 'This subscription has no cancellation to undo');
  }
  if (row.provider === 'stripe') {
    if (!stripe) throw new HttpError(503, 'PROVIDER_ERROR', 'Stripe is not configured');
    await resumeStripeSubscription(stripe, row);
  }
  if (!(await undoCancellation(db, row, now))) throw new HttpError(409, 'NOT_RESUMABLE', 'This subscription has no cancellation to undo');
}

/** The 30-day money-back guarantee: refunds the last payment in full and cancels at once. */
export async function refundSubscription(db: Kysely<Database>, stripe: Stripe | null, userId: string, now: Date): Promise<void> {
  const row = await requireCurrent(db, userId);
  if (row.status === 'canceled') throw new HttpError(409, 'NOTHING_TO_REFUND', 'This subscription is canceled');
  const { charge, within } = await refundableCharge(db, row.id, now);
  if (!charge) throw new HttpError(409, 'NOTHING_TO_REFUND', 'Nothing has been charged yet: cancel the trial instead');
  if (!within) throw new HttpError(409, 'REFUND_WINDOW_EXPIRED', 'The 30-day money-back guarantee has ended');
  let providerRef: string | null = null;
  if (row.provider === 'stripe') {
    if (!stripe) throw new HttpError(503, 'PROVIDER_ERROR', 'Stripe is not configured');
    providerRef = await refundStripeCharge(stripe, row, charge);
  }
  await recordRefundAndCancel(db, row, charge, now, providerRef);
}
