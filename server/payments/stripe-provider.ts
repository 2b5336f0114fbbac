import Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Env } from '../config/env';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { traced } from '../observability/tracing';
import { TRIAL_DAYS } from '../../core/payments/trial';
import type { PriceRow } from './plans';
import type { ChargeRow, PromotionRow, SubscriptionRow, SubscriptionStatus } from './tables';

/**
 * Stripe Checkout (when STRIPE_SECRET_KEY is set) through the official SDK. STRIPE_API_URL points
 * the SDK at another host (a local stand-in speaking Stripe's wire format in tests).
 */
export function createStripeClient(env: Env): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, httpClient: tracedHttpClient(Stripe.createNodeHttpClient()) };
  if (env.STRIPE_API_URL) {
    const url = new URL(env.STRIPE_API_URL);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    if (url.port) options.port = Number(url.port);
  }
  return new Stripe(env.STRIPE_SECRET_KEY, options);
}

type StripeHttpClient = NonNullable<NonNullable<ConstructorParameters<typeof Stripe>[1]>['httpClient']>;

/** Stripe's object ids (cus_…, sub_…, in_…) in a path, so a span's name is one per endpoint. */
const STRIPE_ID = /\/[a-z]+_[A-Za-z0-9_]+(?=\/|$)/g;

/**
 * The SDK's own HTTP client with a span around each request it makes (a retry is a span of its own).
 * The span names the method, host and endpoint; never the body (card data, emails), the query or
 * the headers (the secret key).
 */
function tracedHttpClient(inner: StripeHttpClient): StripeHttpClient {
  return {
    getClientName: () => inner.getClientName(),
    makeRequest(host, port, path, method, headers, requestData, protocol, timeout) {
      const endpoint = (path.split('?')[0] ?? '').replace(STRIPE_ID, '/{id}');
      const attributes = { 'http.request.method': method, 'server.address': host, 'url.template': endpoint };
      return traced(`stripe ${method} ${endpoint}`, attributes, async (span) => {
        const response = await inner.makeRequest(host, port, path, method, headers, requestData, protocol, timeout);
        span.setAttribute('http.response.status_code', response.getStatusCode());
        return response;
      });
    },
  };
}

function providerError(error: unknown): HttpError {
  const message = error instanceof Error ? error.message : 'Stripe request failed';
  return new HttpError(502, 'PROVIDER_ERROR', `The payment provider failed: ${message}`);
}

async function knownCustomer(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('payment_customers').select('customer_ref').where('user_id', '=', userId).where('provider', '=', 'stripe').executeTakeFirst();
  return row?.customer_ref ?? null;
}

/** Stripe's customer for this user, created once and remembered in payment_customers. */
async function ensureCustomer(db: Kysely<Database>, stripe: Stripe, user: { id: string; email: string | null }): Promise<string> {
  const existing = await knownCustomer(db, user.id);
  if (existing) return existing;
  const customer = await stripe.customers.create(
    { ...(user.email ? { email: user.email } : {}), metadata: { user_id: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  await db
    .insertInto('payment_customers')
    .values({ user_id: user.id, provider: 'stripe', customer_ref: customer.id })
    .onConflict((conflict) => conflict.columns(['user_id', 'provider']).doNothing())
    .execute();
  return customer.id;
}

export interface StripeCheckoutInput {
  sessionId: string;
  user: { id: string; email: string | null };
  price: PriceRow;
  seats: number;
  promotion: PromotionRow | null;
  locale: 'en' | 'fr';
  successUrl: string;
  cancelUrl: string;
  /** The account's first subscription starts with the free trial; a later one is charged at once. */
  trial: boolean;
}

/** A subscription-mode Checkout Session, with a TRIAL_DAYS trial when `trial`; returns its hosted URL. */
export async function createStripeCheckoutSession(db: Kysely<Database>, stripe: Stripe, input: StripeCheckoutInput): Promise<{ id: string; url: string }> {
  try {
    const customer = await ensureCustomer(db, stripe, input.user);
    const metadata = { user_id: input.user.id, plan: input.price.plan, interval: input.price.interval, checkout_session_id: input.sessionId };
    const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = input.price.stripePriceId
      ? { price: input.price.stripePriceId, quantity: input.seats }
      : {
          quantity: input.seats,
          price_data: {
            currency: input.price.currency.toLowerCase(),
            unit_amount: input.price.unitAmount,
            recurring: { interval: input.price.interval === 'yearly' ? 'year' : 'month' },
            product_data: { name: `Ringwise ${input.price.plan} (${input.price.interval})`, metadata: { plan: input.price.plan } },
          },
        };
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer,
        client_reference_id: input.user.id,
        line_items: [lineItem],
        // Without a trial Stripe Checkout takes the first payment before it creates the subscription.
        subscription_data: input.trial ? { trial_period_days: TRIAL_DAYS, metadata } : { metadata },
        ...(input.promotion?.stripe_coupon_id ? { discounts: [{ coupon: input.promotion.stripe_coupon_id }] } : {}),
        locale: input.locale,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata,
      },
      { idempotencyKey: `checkout-${input.sessionId}` },
    );
    if (!session.url) throw new Error('Checkout Session without a url');
    return { id: session.id, url: session.url };
  } catch (error) {
    throw providerError(error);
  }
}

/**
 * A Stripe customer-portal session that opens straight on "update payment method" and comes back
 * to the account page. Stripe keeps the card; its invoice events update our rows.
 */
export async function createStripeCardUpdateUrl(
  db: Kysely<Database>,
  stripe: Stripe,
  input: { userId: string; locale: 'en' | 'fr'; returnUrl: string },
): Promise<string> {
  const customer = await knownCustomer(db, input.userId);
  if (!customer) throw new HttpError(409, 'CARD_UPDATE_UNAVAILABLE', 'No Stripe customer is known for this account');
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer,
      return_url: input.returnUrl,
      locale: input.locale,
      flow_data: { type: 'payment_method_update', after_completion: { type: 'redirect', redirect: { return_url: input.returnUrl } } },
    });
    return session.url;
  } catch (error) {
    throw providerError(error);
  }
}

/**
 * Cancels at Stripe at the end of the trial or the paid period (Stripe's period end is the trial
 * end during a trial: never charged), or at once when nothing is running (an unpaid subscription).
 */
export async function cancelStripeSubscription(stripe: Stripe, subscription: SubscriptionRow, atPeriodEnd: boolean): Promise<void> {
  if (!subscription.provider_ref) return;
  try {
    if (atPeriodEnd) await stripe.subscriptions.update(subscription.provider_ref, { cancel_at_period_end: true });
    else await stripe.subscriptions.cancel(subscription.provider_ref);
  } catch (error) {
    throw providerError(error);
  }
}

/** Undoes a cancellation at the period end at Stripe; its subscription.updated event confirms. */
export async function resumeStripeSubscription(stripe: Stripe, subscription: SubscriptionRow): Promise<void> {
  if (!subscription.provider_ref) return;
  try {
    await stripe.subscriptions.update(subscription.provider_ref, { cancel_at_period_end: false });
  } catch (error) {
    throw providerError(error);
  }
}

/** Refunds the invoice's payment at Stripe and cancels the subscription there; returns the refund id. */
export async function refundStripeCharge(stripe: Stripe, subscription: SubscriptionRow, charge: ChargeRow): Promise<string> {
  if (!charge.provider_ref) throw new HttpError(409, 'NOTHING_TO_REFUND', 'This payment cannot be refunded online');
  try {
    const payments = await stripe.invoicePayments.list({ invoice: charge.provider_ref, limit: 10 });
    const paid = payments.data.find((payment) => payment.status === 'paid' && payment.payment.type === 'payment_intent');
    const intent = paid?.payment.payment_intent;
    const intentId = typeof intent === 'string' ? intent : intent?.id;
    if (!intentId) throw new Error('no paid payment intent on the invoice');
    const refund = await stripe.refunds.create(
      { payment_intent: intentId, reason: 'requested_by_customer', metadata: { subscription_id: subscription.id } },
      { idempotencyKey: `refund-${charge.id}` },
    );
    if (subscription.provider_ref) await stripe.subscriptions.cancel(subscription.provider_ref);
    return refund.id;
  } catch (error) {
    throw providerError(error);
  }
}

/** Stripe's subscription statuses, folded into ours. */
export function mapStripeStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'trialing':
      return 'trialing';
    case 'active':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'canceled':
      return 'canceled';
    case 'incomplete':
      return 'incomplete';
    case 'incomplete_expired':
      return 'canceled';
    case 'unpaid':
    case 'paused':
      return 'past_due';
    default:
      return 'incomplete';
  }
}

export const fromUnix = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null);
