import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { moneyBackEnd } from '../../core/payments/trial';
import { applyPercentOff } from './promotions';
import type { BillingInterval, ChargeRow, SubscriptionRow, SubscriptionStatus } from './tables';
import { DAY_MS } from '../../core/durations';

/**
 * The local provider's money movements: trial-end and renewal charges, cancellation and the
 * money-back refund. Everything takes `now` so tests drive it with a manual clock.
 */


/**
 * After a failed charge the card is tried again this many days after the first failure; when the
 * last retry fails too the subscription ends (nothing more is attempted). A new card from the
 * account page is charged at once instead of waiting.
 */
export const PAYMENT_RETRY_DAYS = [1, 3, 5] as const;

/** When the billing job tries again after `failures` failed charges since `firstFailure`, or null when it gives up. */
export function nextRetryAt(firstFailure: Date, failures: number): Date | null {
  const days = PAYMENT_RETRY_DAYS[failures - 1];
  return days === undefined ? null : new Date(firstFailure.getTime() + days * DAY_MS);
}

/** Adds one billing interval in UTC, clamping to the month's last day (31 Jan + 1 month → 28/29 Feb). */
export function addInterval(from: Date, interval: BillingInterval): Date {
  const months = interval === 'yearly' ? 12 : 1;
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(year, month, Math.min(from.getUTCDate(), lastDay), from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()),
  );
}

/** What the next charge takes: seats × unit price, minus the promotion while it still applies. */
export function nextChargeAmount(subscription: Pick<SubscriptionRow, 'unit_amount' | 'seats' | 'percent_off' | 'discounted_charges_left'>): number {
  const gross = subscription.unit_amount * subscription.seats;
  const discounted = subscription.percent_off !== null && (subscription.discounted_charges_left === null || subscription.discounted_charges_left > 0);
  return discounted ? applyPercentOff(gross, subscription.percent_off) : gross;
}

/** When the local job will next charge this subscription, or null when it never will. */
export function nextChargeAt(
  subscription: Pick<SubscriptionRow, 'status' | 'trial_end' | 'current_period_end' | 'cancel_at' | 'next_payment_attempt_at'>,
): Date | null {
  if (subscription.cancel_at) return null;
  if (subscription.status === 'trialing') return subscription.trial_end;
  if (subscription.status === 'active') return subscription.current_period_end;
  if (subscription.status === 'past_due') return subscription.next_payment_attempt_at;
  return null;
}

export interface BillingRunResult {
  charged: number;
  failed: number;
  canceled: number;
}

/**
 * One pass of the scheduled job over local subscriptions: ends scheduled cancellations, then charges
 * every trial that ended and every period that ran out (→ active, or past_due when the card fails).
 * Safe with several instances: each subscription is handled in its own transaction under
 * `for update skip locked`, and re-checked there, so it is charged once.
 */
export async function runBillingCycle(db: Kysely<Database>, now: Date): Promise<BillingRunResult> {
  const result: BillingRunResult = { charged: 0, failed: 0, canceled: 0 };
  // One branch per reason, each read through its own partial index (migrations 0300, 0302, 0901):
  // an OR of the four read every subscription each minute. The constants are literals so the
  // planner can match the indexes' predicates whatever plan it caches.
  const local = db.selectFrom('subscriptions').select(['id', 'created_at']).where('provider', '=', sql.lit('local'));
  const due = await local
    .where('status', '=', sql.lit('trialing'))
    .where('trial_end', '<=', now)
    .union(local.where('status', '=', sql.lit('active')).where('current_period_end', '<=', now))
    .union(local.where('status', 'in', [sql.lit<SubscriptionStatus>('trialing'), sql.lit<SubscriptionStatus>('active'), sql.lit<SubscriptionStatus>('past_due')]).where('cancel_at', '<=', now))
    .union(local.where('status', '=', sql.lit('past_due')).where('next_payment_attempt_at', '<=', now))
    .orderBy('created_at')
    .limit(500)
    .execute();
  for (const { id } of due) {
    const outcome = await db.transaction().execute((trx) => settleSubscription(trx, id, now));
    if (outcome === 'charged') result.charged += 1;
    else if (outcome === 'failed') result.failed += 1;
    else if (outcome === 'canceled') result.canceled += 1;
  }
  return result;
}

async function settleSubscription(trx: Transaction<Database>, id: string, now: Date): Promise<'charged' | 'failed' | 'canceled' | 'skipped'> {
  const subscription = await trx.selectFrom('subscriptions').selectAll().where('id', '=', id).forUpdate().skipLocked().executeTakeFirst();
  if (!subscription) return 'skipped';

  if (subscription.cancel_at && subscription.cancel_at <= now && subscription.status !== 'canceled') {
    await trx.updateTable('subscriptions').set({ status: 'canceled', canceled_at: now, next_payment_attempt_at: null }).where('id', '=', id).execute();
    return 'canceled';
  }
  const due =
    (subscription.status === 'trialing' && subscription.trial_end && subscription.trial_end <= now) ||
    (subscription.status === 'active' && subscription.current_period_end && subscription.current_period_end <= now) ||
    (subscription.status === 'past_due' && subscription.next_payment_attempt_at && subscription.next_payment_attempt_at <= now);
  if (!due) return 'skipped';
  return chargeOpenPeriod(trx, subscription, now);
}

/**
 * Charges the period that starts at `current_period_end` (the trial end, the renewal date, or the
 * unpaid period of a past_due subscription): paid → active until one interval later; refused →
 * past_due with the next retry, or canceled after the last one. Runs inside the caller's
 * transaction, with the subscription row locked.
 */
export async function chargeOpenPeriod(trx: Transaction<Database>, subscription: SubscriptionRow, now: Date): Promise<'charged' | 'failed' | 'canceled'> {
  const id = subscription.id;
  const periodStart = subscription.status === 'trialing' ? (subscription.trial_end ?? now) : (subscription.current_period_end ?? now);
  const periodEnd = addInterval(periodStart, subscription.interval);
  const amount = nextChargeAmount(subscription);
  const card = subscription.payment_method_id
    ? await trx.selectFrom('payment_methods').select(['test_behaviour']).where('id', '=', subscription.payment_method_id).executeTakeFirst()
    : undefined;
  const failureCode = !card
    ? 'no_payment_method'
    : card.test_behaviour === 'decline'
      ? 'card_declined'
      : card.test_behaviour === 'insufficient_funds'
        ? 'insufficient_funds'
        : null;
  await trx
    .insertInto('charges')
    .values({
      subscription_id: id,
      user_id: subscription.user_id,
      provider: 'local',
      provider_ref: null,
      amount,
      currency: subscription.currency,
      status: failureCode ? 'failed' : 'succeeded',
      failure_code: failureCode,
      period_start: periodStart,
      period_end: periodEnd,
      created_at: now,
    })
    .execute();
  if (failureCode) {
    const failures = subscription.failed_payment_attempts + 1;
    const firstFailure = failures === 1 ? now : await firstFailureAt(trx, id, periodStart, now);
    const retryAt = nextRetryAt(firstFailure, failures);
    // After the last retry the subscription ends; until then it waits in past_due for the next one.
    await trx
      .updateTable('subscriptions')
      .set(
        retryAt
          ? { status: 'past_due', current_period_end: periodStart, failed_payment_attempts: failures, next_payment_attempt_at: retryAt }
          : { status: 'canceled', canceled_at: now, failed_payment_attempts: failures, next_payment_attempt_at: null },
      )
      .where('id', '=', id)
      .execute();
    return retryAt ? 'failed' : 'canceled';
  }
  const discountUsed = subscription.percent_off !== null && subscription.discounted_charges_left !== null && subscription.discounted_charges_left > 0;
  await trx
    .updateTable('subscriptions')
    .set({
      status: 'active',
      current_period_end: periodEnd,
      failed_payment_attempts: 0,
      next_payment_attempt_at: null,
      ...(discountUsed ? { discounted_charges_left: (subscription.discounted_charges_left ?? 1) - 1 } : {}),
    })
    .where('id', '=', id)
    .execute();
  return 'charged';
}

/** The first refused charge for the unpaid period: the retry schedule counts from it. */
async function firstFailureAt(trx: Transaction<Database>, subscriptionId: string, periodStart: Date, fallback: Date): Promise<Date> {
  const first = await trx
    .selectFrom('charges')
    .select('created_at')
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'failed')
    .where('period_start', '=', periodStart)
    .orderBy('created_at', 'asc')
    .limit(1)
    .executeTakeFirst();
  return first ? new Date(first.created_at) : fallback;
}

export type CancelOutcome = { kind: 'canceled_now' } | { kind: 'cancel_at_period_end'; cancelAt: Date };

/**
 * When a cancellation asked for now takes effect: a trial runs to its end (never charged) and a paid
 * period to its end (the money-back refund is the way out before that); an unpaid subscription, or
 * one whose date has passed, ends at once. Local and Stripe subscriptions follow the same rule.
 */
export function cancellationDate(subscription: Pick<SubscriptionRow, 'status' | 'trial_end' | 'current_period_end'>, now: Date): Date | null {
  if (subscription.status === 'trialing' && subscription.trial_end && subscription.trial_end > now) return subscription.trial_end;
  if (subscription.status === 'active' && subscription.current_period_end && subscription.current_period_end > now) return subscription.current_period_end;
  return null;
}

/**
 * Cancels a local subscription (see cancellationDate). The update is conditional on no
 * cancellation being recorded yet, so of twelve requests at once one cancels and the others get
 * null (the caller answers NOT_CANCELABLE).
 */
export async function cancelLocalSubscription(db: Kysely<Database>, subscription: SubscriptionRow, now: Date): Promise<CancelOutcome | null> {
  const cancelAt = cancellationDate(subscription, now);
  const changes = cancelAt ? { cancel_at: cancelAt } : { status: 'canceled' as const, canceled_at: now, cancel_at: now, next_payment_attempt_at: null };
  const updated = await db
    .updateTable('subscriptions')
    .set(changes)
    .where('id', '=', subscription.id)
    .where('status', '=', subscription.status)
    .where('cancel_at', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return null;
  return cancelAt ? { kind: 'cancel_at_period_end', cancelAt } : { kind: 'canceled_now' };
}

/**
 * Undoes a cancellation that has not taken effect (both providers' rows): the subscription goes on (the trial
 * ends and is charged, the period renews). Conditional, so it cannot revive one that just ended.
 */
export async function undoCancellation(db: Kysely<Database>, subscription: SubscriptionRow, now: Date): Promise<boolean> {
  const updated = await db
    .updateTable('subscriptions')
    .set({ cancel_at: null })
    .where('id', '=', subscription.id)
    .where('status', 'in', ['trialing', 'active'])
    .where('cancel_at', '>', now)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The newest successful charge not yet refunded, if the money-back guarantee still covers it. */
export async function refundableCharge(
  db: Kysely<Database>,
  subscriptionId: string,
  now: Date,
): Promise<{ charge: ChargeRow | null; within: boolean; until: Date | null }> {
  const charge = await db
    .selectFrom('charges')
    .selectAll('charges')
    .leftJoin('refunds', 'refunds.charge_id', 'charges.id')
    .where('charges.subscription_id', '=', subscriptionId)
    .where('charges.status', '=', 'succeeded')
    .where('charges.amount', '>', 0)
    .where('refunds.id', 'is', null)
    .orderBy('charges.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!charge) return { charge: null, within: false, until: null };
  const until = moneyBackEnd(charge.created_at);
  return { charge, within: now <= until, until };
}

/** Records a refund of a whole charge and cancels the subscription at once, in one transaction. */
export async function recordRefundAndCancel(
  db: Kysely<Database>,
  subscription: SubscriptionRow,
  charge: ChargeRow,
  now: Date,
  providerRef: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('refunds')
      .values({
        charge_id: charge.id,
        subscription_id: subscription.id,
        user_id: subscription.user_id,
        provider: subscription.provider,
        provider_ref: providerRef,
        amount: charge.amount,
        currency: charge.currency,
        created_at: now,
      })
      .onConflict((conflict) => conflict.column('charge_id').doNothing())
      .execute();
    await trx.updateTable('subscriptions').set({ status: 'canceled', canceled_at: now, cancel_at: now }).where('id', '=', subscription.id).execute();
  });
}
