import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Tables owned by the payments capability (see server/db/migrations/0300_subscriptions.sql). */

export type PlanCode = 'business' | 'starter';
export type BillingInterval = 'yearly' | 'monthly';
export type PaymentProvider = 'local' | 'stripe';
export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'incomplete';
export type CardTestBehaviour = 'success' | 'decline' | 'insufficient_funds';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface CurrenciesTable {
  code: string;
  minor_units: number;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface PlansTable {
  code: PlanCode;
  position: Generated<number>;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface PlanPricesTable {
  id: Generated<string>;
  plan: PlanCode;
  interval: BillingInterval;
  currency: string;
  unit_amount: number;
  stripe_price_id: string | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PromotionsTable {
  id: Generated<string>;
  code: string;
  percent_off: number;
  duration_charges: number | null;
  valid_from: NullableTimestamp;
  valid_until: NullableTimestamp;
  max_redemptions: number | null;
  redemptions: Generated<number>;
  stripe_coupon_id: string | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface PaymentCustomersTable {
  user_id: string;
  provider: PaymentProvider;
  customer_ref: string;
  created_at: CreatedAt;
}

export interface PaymentMethodsTable {
  id: Generated<string>;
  user_id: string;
  provider: PaymentProvider;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  test_behaviour: CardTestBehaviour | null;
  created_at: CreatedAt;
}

export interface CheckoutSessionsTable {
  id: Generated<string>;
  user_id: string;
  provider: PaymentProvider;
  provider_ref: string | null;
  plan: PlanCode;
  interval: BillingInterval;
  currency: string;
  unit_amount: number;
  seats: Generated<number>;
  promotion_id: string | null;
  percent_off: number | null;
  locale: 'en' | 'fr';
  status: Generated<'open' | 'complete' | 'expired'>;
  failed_attempts: Generated<number>;
  /** subscribe: the paywall's trial checkout; update_card: a new card for an existing subscription. */
  purpose: Generated<'subscribe' | 'update_card'>;
  /** A subscribe session with the free trial (the account's first); false: charged at once. */
  trial: Generated<boolean>;
  subscription_id: string | null;
  expires_at: Timestamp;
  completed_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  provider: PaymentProvider;
  provider_ref: string | null;
  plan: PlanCode;
  interval: BillingInterval;
  currency: string;
  /** Per seat, per interval, in the currency's minor units (before any promotion). */
  unit_amount: number;
  seats: Generated<number>;
  status: SubscriptionStatus;
  trial_end: NullableTimestamp;
  current_period_end: NullableTimestamp;
  cancel_at: NullableTimestamp;
  canceled_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  promotion_id: string | null;
  percent_off: number | null;
  discounted_charges_left: number | null;
  payment_method_id: string | null;
  /** Failed charges in a row for the unpaid period (0 when paid up). */
  failed_payment_attempts: Generated<number>;
  /** When the billing job tries the card again (past_due only). */
  next_payment_attempt_at: NullableTimestamp;
}

export interface ChargesTable {
  id: Generated<string>;
  subscription_id: string;
  user_id: string;
  provider: PaymentProvider;
  provider_ref: string | null;
  amount: number;
  currency: string;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  period_start: NullableTimestamp;
  period_end: NullableTimestamp;
  created_at: CreatedAt;
}

export interface RefundsTable {
  id: Generated<string>;
  charge_id: string;
  subscription_id: string;
  user_id: string;
  provider: PaymentProvider;
  provider_ref: string | null;
  amount: number;
  currency: string;
  reason: Generated<string>;
  created_at: CreatedAt;
}

export interface WebhookEventsTable {
  id: string;
  provider: 'stripe';
  type: string;
  received_at: CreatedAt;
  payload: ColumnType<unknown, string, string>;
}

/** A free trial's keyed-hash mark (migration 1060, trial-marks.ts): no user id, no readable value. */
export interface TrialMarksTable {
  digest: string;
  kind: 'phone' | 'email' | 'card';
  recorded_at: Timestamp;
}

export interface PaymentsTables {
  currencies: CurrenciesTable;
  plans: PlansTable;
  plan_prices: PlanPricesTable;
  promotions: PromotionsTable;
  payment_customers: PaymentCustomersTable;
  payment_methods: PaymentMethodsTable;
  checkout_sessions: CheckoutSessionsTable;
  subscriptions: SubscriptionsTable;
  charges: ChargesTable;
  refunds: RefundsTable;
  webhook_events: WebhookEventsTable;
  trial_marks: TrialMarksTable;
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewSubscription = Insertable<SubscriptionsTable>;
export type SubscriptionUpdate = Updateable<SubscriptionsTable>;
export type ChargeRow = Selectable<ChargesTable>;
export type CheckoutSessionRow = Selectable<CheckoutSessionsTable>;
export type PromotionRow = Selectable<PromotionsTable>;
