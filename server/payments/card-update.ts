import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { chargeOpenPeriod } from './billing';
import type { CardCheck } from './cards';
import { CHECKOUT_SESSION_TTL_MS, claimOpenSession, refusedAtCheckout, saveLocalCard } from './local-checkout';
import { isLiveStatus } from './subscription-life';
import { createStripeCardUpdateUrl } from './stripe-provider';
import { findCurrentSubscriptionRow } from './subscription-status';
import type { SubscriptionRow } from './tables';

/**
 * A new card for a live subscription: on our hosted page of purpose update_card for the local
 * provider (the same card form as the trial checkout; a past_due subscription is charged with it at
 * once), or on Stripe's customer portal for Stripe subscriptions.
 */
export async function cardUpdateUrl(
  db: Kysely<Database>,
  stripe: Stripe | null,
  input: { userId: string; locale: 'en' | 'fr'; origin: string; now: Date },
): Promise<string> {
  const subscription = await findCurrentSubscriptionRow(db, input.userId);
  if (!subscription || !isLiveStatus(subscription.status)) {
    throw new HttpError(404, 'NO_SUBSCRIPTION', 'This account has no subscription');
  }
  if (subscription.provider === 'stripe') {
    // Stripe keeps the card on its side: its customer portal takes the new one.
    if (!stripe) throw new HttpError(503, 'PROVIDER_ERROR', 'Stripe is not configured');
    return createStripeCardUpdateUrl(db, stripe, { userId: input.userId, locale: input.locale, returnUrl: `${input.origin}/account?card=updated` });
  }
  return `${input.origin}/checkout/${await createLocalCardUpdateSession(db, subscription, input.locale, input.now)}`;
}

async function createLocalCardUpdateSession(db: Kysely<Database>, subscription: SubscriptionRow, locale: 'en' | 'fr', now: Date): Promise<string> {
  const userId = subscription.user_id;
  const session = await db
    .insertInto('checkout_sessions')
    .values({
      user_id: userId,
      provider: 'local',
      purpose: 'update_card',
      subscription_id: subscription.id,
      plan: subscription.plan,
      interval: subscription.interval,
      currency: subscription.currency,
      unit_amount: subscription.unit_amount,
      seats: subscription.seats,
      locale,
      expires_at: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return session.id;
}

export type CardUpdateOutcome =
  | { kind: 'updated'; charge: 'charged' | 'failed' | 'canceled' | null }
  | { kind: 'declined'; code: 'card_declined' | 'insufficient_funds' }
  | { kind: 'gone'; state: 'complete' | 'expired' };

/** Saves the card on the subscription under row locks (a double submit saves one card). */
export async function completeCardUpdate(
  db: Kysely<Database>,
  sessionId: string,
  card: Extract<CardCheck, { ok: true }>['card'],
  now: Date,
): Promise<CardUpdateOutcome> {
  const refused = refusedAtCheckout(card);
  if (refused) return { kind: 'declined', code: refused };
  return db.transaction().execute(async (trx) => {
    const session = await claimOpenSession(trx, sessionId, now);
    if ('kind' in session) return session;
    if (!session.subscription_id) return { kind: 'gone', state: 'expired' } as const;
    const subscription = await trx.selectFrom('subscriptions').selectAll().where('id', '=', session.subscription_id).forUpdate().executeTakeFirst();
    if (!subscription || !isLiveStatus(subscription.status)) {
      await trx.updateTable('checkout_sessions').set({ status: 'expired' }).where('id', '=', session.id).execute();
      return { kind: 'gone', state: 'expired' } as const;
    }
    const paymentMethodId = await saveLocalCard(trx, session.user_id, card);
    await trx.updateTable('subscriptions').set({ payment_method_id: paymentMethodId }).where('id', '=', subscription.id).execute();
    await trx.updateTable('checkout_sessions').set({ status: 'complete', completed_at: now }).where('id', '=', session.id).execute();
    const charge = subscription.status === 'past_due' ? await chargeOpenPeriod(trx, { ...subscription, payment_method_id: paymentMethodId }, now) : null;
    return { kind: 'updated', charge } as const;
  });
}
