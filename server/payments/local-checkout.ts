import { sql, type Kysely, type Transaction } from 'kysely';
import { isUniqueViolation } from '../db/errors';
import type { Database } from '../db/schema';
import { trialEnd } from '../../core/payments/trial';
import { chargeOpenPeriod } from './billing';
import type { CardCheck } from './cards';
import { redeemPromotion } from './promotions';
import { LIVE_STATUSES } from './subscription-life';
import type { CheckoutSessionRow } from './tables';
import { recordMarks, type TrialMarks } from './trial-marks';

/** How long a hosted checkout page stays usable after the paywall created it. */
export const CHECKOUT_SESSION_TTL_MS = 30 * 60 * 1000;

/** Refused cards (declined or invalid) one hosted page accepts before it closes. */
export const MAX_FAILED_ATTEMPTS = 8;

/** The partial unique index on subscriptions(user_id) over LIVE_STATUSES (migration 0801). */
export const ONE_LIVE_SUBSCRIPTION_INDEX = 'subscriptions_one_live_per_user';

export async function findCheckoutSession(db: Kysely<Database>, id: string): Promise<CheckoutSessionRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  return (await db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export type SessionState = 'open' | 'complete' | 'expired';

/** Counts a refused card; the session expires once MAX_FAILED_ATTEMPTS is reached. */
export async function recordFailedAttempt(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db
    .updateTable('checkout_sessions')
    .set((eb) => ({
      failed_attempts: eb('failed_attempts', '+', 1),
      status: sql<'open' | 'expired'>`case when ${eb.ref('failed_attempts')} >= ${MAX_FAILED_ATTEMPTS - 1} then 'expired' else 'open' end`,
    }))
    .where('id', '=', sessionId)
    .where('status', '=', 'open')
    .execute();
}

export function sessionState(session: CheckoutSessionRow, now: Date): SessionState {
  if (session.status === 'complete') return 'complete';
  if (session.status === 'expired' || session.expires_at <= now) return 'expired';
  return 'open';
}

/** Locks the hosted page's session for one submit; gone when it is missing, already used or expired. */
export async function claimOpenSession(
  trx: Transaction<Database>,
  sessionId: string,
  now: Date,
): Promise<CheckoutSessionRow | { kind: 'gone'; state: 'complete' | 'expired' }> {
  const session = await trx.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).forUpdate().executeTakeFirst();
  if (!session) return { kind: 'gone', state: 'expired' };
  const state = sessionState(session, now);
  return state === 'open' ? session : { kind: 'gone', state };
}

type CheckedCard = Extract<CardCheck, { ok: true }>['card'];

/** Test cards that the hosted page refuses outright (nothing is saved). */
export function refusedAtCheckout(card: CheckedCard): 'card_declined' | 'insufficient_funds' | null {
  if (card.declineAtCheckout === 'decline') return 'card_declined';
  if (card.declineAtCheckout === 'insufficient_funds') return 'insufficient_funds';
  return null;
}

/** Keeps a card the hosted page accepted (brand, last 4, expiry; never the number). */
export async function saveLocalCard(trx: Transaction<Database>, userId: string, card: CheckedCard): Promise<string> {
  const method = await trx
    .insertInto('payment_methods')
    .values({
      user_id: userId,
      provider: 'local',
      brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      test_behaviour: card.testBehaviour,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return method.id;
}

export type CompleteOutcome =
  | { kind: 'subscribed'; subscriptionId: string }
  | { kind: 'declined'; code: 'card_declined' | 'insufficient_funds' }
  | { kind: 'already_subscribed' }
  /** The card, phone or email already had a free trial: the session now charges at once, the page shows it. */
  | { kind: 'trial_used' }
  | { kind: 'gone'; state: 'complete' | 'expired' };

/**
 * The hosted page's submit. The account's first subscription ("Start my free trial"): a valid card
 * starts a trialing subscription ending TRIAL_DAYS from now; nothing is charged until the billing
 * job runs at trial end. A later one (session.trial false, see subscription-life.ts): the first
 * period is charged now, and a refused card starts nothing. The session is claimed under a row
 * lock, so a double submit starts one subscription.
 */
export async function completeLocalCheckout(
  db: Kysely<Database>,
  sessionId: string,
  card: CheckedCard,
  now: Date,
  trialProof: TrialProof,
): Promise<CompleteOutcome> {
  const refused = refusedAtCheckout(card);
  if (refused) return { kind: 'declined', code: refused };
  try {
    return await startTrial(db, sessionId, card, now, trialProof);
  } catch (error) {
    if (error instanceof TrialAlreadyUsed) {
      // Rolled back whole (nothing saved, no mark written); the page is shown again, charging at once.
      await db.updateTable('checkout_sessions').set({ trial: false }).where('id', '=', sessionId).where('status', '=', 'open').execute();
      return { kind: 'trial_used' };
    }
    // Two pages of one user paid at once: the read below saw no live subscription in both, and the
    // unique index (one live subscription per user) refused the second insert, rolling it back whole.
    if (!isUniqueViolation(error, ONE_LIVE_SUBSCRIPTION_INDEX)) throw error;
    await db.updateTable('checkout_sessions').set({ status: 'expired' }).where('id', '=', sessionId).where('status', '=', 'open').execute();
    return { kind: 'already_subscribed' };
  }
}

/** What the trial is remembered by: the keys, and the card's fingerprint (the local provider's card number). */
export interface TrialProof {
  marks: TrialMarks;
  /** Null for the documented test cards, which everyone types. */
  cardFingerprint: string | null;
}

class TrialAlreadyUsed extends Error {}

/**
 * A trial's marks (the account's proven phone and email, the card) are written in the transaction
 * that starts it; one already there (an erased account's, another account's card, or a concurrent
 * trial's) throws, rolling the whole start back.
 */
async function markTrial(trx: Transaction<Database>, userId: string, proof: TrialProof, now: Date): Promise<void> {
  const card = proof.cardFingerprint === null ? [] : [proof.marks.card(proof.cardFingerprint)];
  const marks = [...(await proof.marks.ofAccount(trx, userId)), ...card];
  if (!(await recordMarks(trx, marks, now))) throw new TrialAlreadyUsed('a free trial was already used');
}

async function startTrial(db: Kysely<Database>, sessionId: string, card: CheckedCard, now: Date, proof: TrialProof): Promise<CompleteOutcome> {
  return db.transaction().execute(async (trx) => {
    const session = await claimOpenSession(trx, sessionId, now);
    if ('kind' in session) return session;
    const live = await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', session.user_id)
      .where('status', 'in', [...LIVE_STATUSES])
      .executeTakeFirst();
    if (live) {
      await trx.updateTable('checkout_sessions').set({ status: 'expired' }).where('id', '=', session.id).execute();
      return { kind: 'already_subscribed' } as const;
    }
    // Charged at once: a test card that would be refused at the first charge is refused here, before
    // anything is saved (the hosted page shows it and the person tries another card).
    if (!session.trial && (card.testBehaviour === 'decline' || card.testBehaviour === 'insufficient_funds')) {
      return { kind: 'declined', code: card.testBehaviour === 'decline' ? 'card_declined' : 'insufficient_funds' } as const;
    }
    if (session.trial) await markTrial(trx, session.user_id, proof, now);
    const paymentMethodId = await saveLocalCard(trx, session.user_id, card);
    await trx
      .insertInto('payment_customers')
      .values({ user_id: session.user_id, provider: 'local', customer_ref: session.user_id })
      // No conflict target: a local customer's ref is its user id, so (user_id, provider) and
      // (provider, customer_ref) state one fact. With a target, a concurrent payment of the same
      // user could slip past it and hit the other unique index as an error (a 500 on Postgres).
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    let percentOff = session.percent_off;
    let chargesLeft: number | null = null;
    if (session.promotion_id) {
      const promotion = await trx.selectFrom('promotions').select(['duration_charges']).where('id', '=', session.promotion_id).executeTakeFirst();
      // The last use may have gone since the paywall: then the trial starts at the full price.
      if (promotion && (await redeemPromotion(trx, session.promotion_id))) chargesLeft = promotion.duration_charges;
      else percentOff = null;
    }
    const subscription = await trx
      .insertInto('subscriptions')
      .values({
        user_id: session.user_id,
        provider: 'local',
        provider_ref: `sub_local_${session.id}`,
        plan: session.plan,
        interval: session.interval,
        currency: session.currency,
        unit_amount: session.unit_amount,
        seats: session.seats,
        // Without a trial the first period opens now and chargeOpenPeriod below takes its payment.
        status: session.trial ? 'trialing' : 'active',
        trial_end: session.trial ? trialEnd(now) : null,
        current_period_end: session.trial ? trialEnd(now) : now,
        promotion_id: percentOff === null ? null : session.promotion_id,
        percent_off: percentOff,
        discounted_charges_left: percentOff === null ? null : chargesLeft,
        payment_method_id: paymentMethodId,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (!session.trial) await chargeOpenPeriod(trx, subscription, now);
    await trx
      .updateTable('checkout_sessions')
      .set({ status: 'complete', completed_at: now, subscription_id: subscription.id })
      .where('id', '=', session.id)
      .execute();
    return { kind: 'subscribed', subscriptionId: subscription.id } as const;
  });
}
