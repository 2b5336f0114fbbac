import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BillingInterval, PlanCode, SubscriptionRow, SubscriptionStatus } from './tables';

export interface CurrentSubscription {
  id: string;
  status: SubscriptionStatus;
  plan: PlanCode;
  interval: BillingInterval;
  trialEnd: Date | null;
}

/**
 * The user's current subscription: the newest one that is not canceled, else the newest canceled
 * one, else null. Onboarding grants the role only when the status is `trialing` or `active`.
 */
export async function findCurrentSubscription(db: Kysely<Database>, userId: string): Promise<CurrentSubscription | null> {
  const row = await findCurrentSubscriptionRow(db, userId);
  if (!row) return null;
  return { id: row.id, status: row.status, plan: row.plan, interval: row.interval, trialEnd: row.trial_end };
}

/** The same subscription, whole (the account page shows all of it). */
export async function findCurrentSubscriptionRow(db: Kysely<Database>, userId: string): Promise<SubscriptionRow | null> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    // Live ones first (false sorts before true), then the newest.
    .orderBy((eb) => eb('status', '=', 'canceled'), 'asc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}
