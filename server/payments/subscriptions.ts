import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import type { SubscriptionView } from '../../src/contracts/payments';
import { cancelLocalSubscription, nextChargeAmount, nextChargeAt, recordRefundAndCancel, refundableCharge } from './billing';
import { findCurrency } from './plans';
import { cancelStripeSubscription, refundStripeCharge } from './stripe-provider';
import { isLiveStatus } from './local-checkout';
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
  const chargeAt = nextChargeAt(row);
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    id: row.id,
    provider: row.provider,
    plan: row.plan,
    interval: row.interval,
    status: row.status,
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
    canCancel: row.status !== 'canceled' && row.cancel_at === null,
    refundableUntil: row.status !== 'canceled' && refundable.within ? iso(refundable.until) : null,
    canUpdateCard: isLiveStatus(row.status),
    lastCharge: lastCharge ? { amount: lastCharge.amount, status: lastCharge.status, at: lastCharge.at, refunded: lastCharge.refunded } : null,
    charges: chargeViews,
  };
}

/** Cancel trial (never charged) or cancel at period end once paid. */
export async function cancelSubscription(db: Kysely<Database>, stripe: Stripe | null, userId: string, now: Date): Promise<void> {
  const row = await requireCurrent(db, userId);
  if (row.status === 'canceled' || row.cancel_at !== null) throw new HttpError(409, 'NOT_CANCELABLE', 'This subscription is already canceled');
  if (row.provider === 'stripe') {
    if (!stripe) throw new HttpError(503, 'PROVIDER_ERROR', 'Stripe is not configured');
    await cancelStripeSubscription(stripe, row);
    // The webhook (customer.subscription.updated/deleted) confirms; reflect the request right away.
    if (row.status === 'active') await db.updateTable('subscriptions').set({ cancel_at: row.current_period_end }).where('id', '=', row.id).execute();
    else await db.updateTable('subscriptions').set({ status: 'canceled', canceled_at: now, cancel_at: now }).where('id', '=', row.id).execute();
    return;
  }
  await cancelLocalSubscription(db, row, now);
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
