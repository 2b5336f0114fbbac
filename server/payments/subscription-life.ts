import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SubscriptionAction, SubscriptionStage } from '../../core/contracts/payments';
import type { SubscriptionRow, SubscriptionStatus } from './tables';
import { anyMarked, type TrialMarks } from './trial-marks';

/**
 * The subscription's whole life in one place (docs/subscriptions.md): which stage a stored row is
 * in, what the person may do in it, and whether it still opens the product (the role). Every
 * other part reads these: the account page's view, the actions' checks, GET /v1/user's role and
 * the paywall's "free trial or charged today".
 *
 *   trialing ──cancel──▶ ending ──trial end──▶ ended ──restart (charged at once)──▶ active
 *      │          ▲        │resume
 *      │          └────────┘
 *      ├──trial end, paid──▶ active ──renewal paid──▶ active
 *      └──trial end, card refused──▶ past_due ──new card / retry paid──▶ active
 *                                         └──last retry refused──▶ ended
 *   active ──cancel──▶ ending (until the paid period's end) · active ──refund──▶ refunded
 */

/** The stored statuses that still bill: one per user at most (index subscriptions_one_live_per_user). */
export const LIVE_STATUSES = ['trialing', 'active', 'past_due'] as const;

/** Trialing, active or past due: a subscription that still bills (and whose card can be changed). */
export function isLiveStatus(status: SubscriptionStatus): boolean {
  return (LIVE_STATUSES as readonly SubscriptionStatus[]).includes(status);
}

export async function hasLiveSubscription(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('subscriptions').select('id').where('user_id', '=', userId).where('status', 'in', [...LIVE_STATUSES]).executeTakeFirst();
  return Boolean(row);
}

type LifeFields = Pick<SubscriptionRow, 'status' | 'cancel_at' | 'trial_end' | 'current_period_end'>;

/** The stage of a stored subscription; `refunded` when its last payment was given back. */
export function stageOf(row: LifeFields, refunded: boolean): SubscriptionStage {
  if (row.status === 'canceled') return refunded ? 'refunded' : 'ended';
  // Stripe's incomplete (a first payment never made) opened nothing: the person chooses a plan again.
  if (row.status === 'incomplete') return 'ended';
  if (row.status === 'past_due') return 'past_due';
  if (row.cancel_at !== null) return 'ending';
  return row.status;
}

/** Until when an `ending` subscription runs; null in every other stage. */
export function endsAt(row: LifeFields, stage: SubscriptionStage): Date | null {
  return stage === 'ending' ? row.cancel_at : null;
}

/** While these stages last the product stays open (the role holds); past them the paywall is back. */
const STAGES_WITH_ACCESS: readonly SubscriptionStage[] = ['trialing', 'active', 'past_due', 'ending'];

export function grantsAccess(stage: SubscriptionStage): boolean {
  return STAGES_WITH_ACCESS.includes(stage);
}

/**
 * What the server accepts in each stage, in the order the account page offers them. `refund` needs
 * a payment still under the money-back guarantee; `updateCard` a subscription that still bills.
 */
export function actionsFor(stage: SubscriptionStage, refundable: boolean): SubscriptionAction[] {
  switch (stage) {
    case 'trialing':
      return ['updateCard', 'cancel'];
    case 'active':
      return refundable ? ['updateCard', 'refund', 'cancel'] : ['updateCard', 'cancel'];
    case 'past_due':
      return ['updateCard', 'cancel'];
    case 'ending':
      return refundable ? ['resume', 'refund'] : ['resume'];
    case 'ended':
    case 'refunded':
      return ['restart'];
  }
}

/** The one step put first: fix the card, undo the cancellation, or choose a plan again. */
export function nextActionFor(stage: SubscriptionStage): SubscriptionAction | null {
  switch (stage) {
    case 'past_due':
      return 'updateCard';
    case 'ending':
      return 'resume';
    case 'ended':
    case 'refunded':
      return 'restart';
    default:
      return null;
  }
}

/**
 * One free trial per person (docs/decisions/3704-one-trial-per-person.md): an account that ever had
 * a subscription (cancelled in the trial, refunded, ended by failed payments) is charged at once
 * when it chooses a plan again, and so is a new account whose proven phone number or email address
 * already started a trial, even on an account since erased (trial_marks). The card is checked when
 * it is given (local-checkout.ts, stripe-webhooks.ts). Decided here only; the paywall, the hosted
 * page and the checkout all ask this.
 */
export async function trialAvailable(db: Kysely<Database>, userId: string, marks: TrialMarks): Promise<boolean> {
  const earlier = await db.selectFrom('subscriptions').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  if (earlier !== undefined) return false;
  return !(await anyMarked(db, await marks.ofAccount(db, userId)));
}

/**
 * Whether the person's subscription still opens the product: GET /v1/user shows their role only
 * then, so someone whose subscription ended is sent to the paywall again, not to the web app.
 */
export async function hasAccess(db: Kysely<Database>, userId: string): Promise<boolean> {
  const live = await db
    .selectFrom('subscriptions')
    .select(['status', 'cancel_at', 'trial_end', 'current_period_end'])
    .where('user_id', '=', userId)
    .where('status', 'in', [...LIVE_STATUSES])
    .limit(1)
    .executeTakeFirst();
  return live !== undefined && grantsAccess(stageOf(live, false));
}
