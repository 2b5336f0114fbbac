import { z } from 'zod';

/**
 * Payments payloads, shared by the SPA and the server (server/payments). Amounts are integers in the
 * currency's minor units (cents; yen have none: `minorUnits` says how many decimals). The rules
 * they carry live in core/payments: currencies (currency.ts), trial dates (trial.ts), money (money.ts).
 */

export const planCodes = ['business', 'starter'] as const;
export const planCodeSchema = z.enum(planCodes);
export type PlanCode = z.infer<typeof planCodeSchema>;

export const billingIntervals = ['yearly', 'monthly'] as const;
export const billingIntervalSchema = z.enum(billingIntervals);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

export const subscriptionStatuses = ['trialing', 'active', 'past_due', 'canceled', 'incomplete'] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * The subscription's life as the account page tells it (docs/subscriptions.md). The server decides
 * it from the stored row (server/payments/subscription-life.ts); the browser only reads it:
 * - trialing: the free trial runs; the card is charged at its end.
 * - active: paid up; renews at the period end.
 * - past_due: a charge failed; the card is tried again, a new card pays at once.
 * - ending: cancelled, still running until `endsAt` (the trial end or the paid period's end); undoable.
 * - ended: over (cancelled, the trial or period ran out, or the retries gave up).
 * - refunded: ended by the money-back guarantee (the last payment refunded).
 */
export const subscriptionStages = ['trialing', 'active', 'past_due', 'ending', 'ended', 'refunded'] as const;
export const subscriptionStageSchema = z.enum(subscriptionStages);
export type SubscriptionStage = z.infer<typeof subscriptionStageSchema>;

/**
 * What a person may do with their subscription, by stage: restart a plan (ended, refunded), give a
 * new card (trialing, active, past_due), undo a cancellation (ending), cancel, ask for the refund.
 */
export const subscriptionActions = ['restart', 'updateCard', 'resume', 'cancel', 'refund'] as const;
export const subscriptionActionSchema = z.enum(subscriptionActions);
export type SubscriptionAction = z.infer<typeof subscriptionActionSchema>;

/** Three upper-case letters; whether the product sells in it is the server's answer. */
export const currencyCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, { message: 'expected a three-letter ISO 4217 currency code' }));

/** GET /v1/subscription/plans?currency=XXX */
export const plansQuerySchema = z.object({ currency: currencyCodeSchema });

export const planPriceSchema = z.object({
  interval: billingIntervalSchema,
  /** Per seat for the whole interval (a yearly price covers 12 months). */
  unitAmount: z.number().int(),
  /** Per seat per month: the yearly price divided by 12, rounded to the minor unit. */
  monthlyEquivalent: z.number().int(),
});

export const planSchema = z.object({
  plan: planCodeSchema,
  currency: z.string(),
  minorUnits: z.number().int(),
  prices: z.object({ yearly: planPriceSchema, monthly: planPriceSchema }),
  /** Yearly vs 12 monthly payments, whole percent (e.g. 20). */
  yearlyDiscountPercent: z.number().int(),
  /** Per seat per year saved by paying yearly, in minor units. */
  yearlySavingsPerSeat: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;

export const plansResponseSchema = z.object({
  currency: z.string(),
  minorUnits: z.number().int(),
  trialDays: z.number().int(),
  moneyBackDays: z.number().int(),
  plans: z.array(planSchema),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/** GET /v2/user/subscription/stripe/checkout-session */
export const checkoutSessionQuerySchema = z.object({
  locale: z.enum(['en', 'fr']).default('en'),
  interval: billingIntervalSchema.default('yearly'),
  plan: planCodeSchema.default('business'),
  /** A promotion code saved from the landing URL; unknown codes are ignored (see `note`). */
  custom_code: z.string().trim().max(64).optional(),
  /** The currency the paywall showed; omitted → from the request's country, else EUR. */
  currency: currencyCodeSchema.optional(),
});
export type CheckoutSessionQuery = z.input<typeof checkoutSessionQuerySchema>;

export const checkoutSessionResponseSchema = z.object({
  url: z.string(),
  provider: z.enum(['local', 'stripe']),
  /** Set when custom_code was given but not applied. */
  note: z.enum(['PROMOTION_NOT_FOUND', 'PROMOTION_EXPIRED']).nullable(),
  promotion: z.object({ code: z.string(), percentOff: z.number().int() }).nullable(),
});
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/** GET /v1/subscription/promotion — the paywall's price with the saved custom_code (#37.1). */
export const promotionQuerySchema = z.object({ code: z.string().trim().max(64) });
export const promotionResponseSchema = z.object({
  /** The promotion the checkout would apply, or null (then `note` says why when a code was given). */
  promotion: z.object({ code: z.string(), percentOff: z.number().int() }).nullable(),
  note: z.enum(['PROMOTION_NOT_FOUND', 'PROMOTION_EXPIRED']).nullable(),
});
export type PromotionResponse = z.infer<typeof promotionResponseSchema>;

/** GET /v1/subscription — the account page. */
export const subscriptionViewSchema = z.object({
  id: z.string(),
  provider: z.enum(['local', 'stripe']),
  plan: planCodeSchema,
  interval: billingIntervalSchema,
  status: subscriptionStatusSchema,
  /** Where the subscription is in its life (the account page's status and next step). */
  stage: subscriptionStageSchema,
  /** When an `ending` subscription stops (the trial end or the paid period's end); else null. */
  endsAt: z.string().nullable(),
  /** The one step the account page puts first for this stage, or null when nothing is needed. */
  nextAction: subscriptionActionSchema.nullable(),
  /** Every action the server accepts now, in the order the page offers them. */
  actions: z.array(subscriptionActionSchema),
  currency: z.string(),
  minorUnits: z.number().int(),
  seats: z.number().int(),
  unitAmount: z.number().int(),
  /** What the next charge will take (promotion applied), null when none is due. */
  nextChargeAmount: z.number().int().nullable(),
  nextChargeAt: z.string().nullable(),
  trialEnd: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  percentOff: z.number().int().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  canCancel: z.boolean(),
  /** The money-back guarantee still covers the last payment. */
  refundableUntil: z.string().nullable(),
  lastCharge: z
    .object({ amount: z.number().int(), status: z.enum(['succeeded', 'failed']), at: z.string(), refunded: z.boolean() })
    .nullable(),
  /** The card can be replaced from the account page (a live subscription: our hosted page, or Stripe's portal). */
  canUpdateCard: z.boolean(),
  /** Payments of this subscription, latest first (at most 24): the account page's history. */
  charges: z.array(
    z.object({ id: z.string(), amount: z.number().int(), status: z.enum(['succeeded', 'failed']), at: z.string(), refunded: z.boolean() }),
  ),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const subscriptionResponseSchema = z.object({
  subscription: subscriptionViewSchema.nullable(),
  /**
   * Whether a checkout now starts with a free trial. One free trial per account: once any
   * subscription existed, a new plan is charged at once (docs/subscriptions.md).
   */
  trialAvailable: z.boolean(),
});

/** POST /v1/subscription/payment-method: a hosted page to give a new card, in the page's language. */
export const cardUpdateRequestSchema = z.object({ locale: z.enum(['en', 'fr']) });
export const cardUpdateResponseSchema = z.object({ url: z.string() });
export type CardUpdateResponse = z.infer<typeof cardUpdateResponseSchema>;
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** Error codes the SPA translates (locales/{en,fr}/checkout.json and account.json, `errors.*`). */
export const paymentErrorCodes = [
  'UNSUPPORTED_CURRENCY',
  'KYC_REQUIRED',
  'PRICE_NOT_FOUND',
  'ALREADY_SUBSCRIBED',
  'NO_SUBSCRIPTION',
  'NOT_CANCELABLE',
  'NOT_RESUMABLE',
  'NOTHING_TO_REFUND',
  'REFUND_WINDOW_EXPIRED',
  'CARD_UPDATE_UNAVAILABLE',
  'PROVIDER_ERROR',
  'UNAUTHORIZED',
  'INVALID_TOKEN',
  'VALIDATION_FAILED',
  'NETWORK_ERROR',
  'RATE_LIMITED',
  'UNKNOWN_ERROR',
] as const;
