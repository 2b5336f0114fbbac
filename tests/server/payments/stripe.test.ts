import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCurrentSubscription } from '../../../server/payments/subscription-status';
import type { CheckoutSessionResponse, SubscriptionResponse } from '../../../core/contracts/payments';
import { buildTestApp } from '../../helpers/app';
import type { TestUser } from '../onboarding/users';
import { createValidatedUser } from './helpers';
import { startStripeStandIn, stripeSubscription, type StripeStandIn } from './stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_payments_fixture_secret';
const signer = new Stripe('sk_test_signer');

/** A Stripe event envelope as the API sends it (fixture). */
function event(id: string, type: string, object: Record<string, unknown>): Record<string, unknown> {
  return { id, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
}

describe('Stripe provider (offline: stand-in API + signed webhook fixtures)', () => {
  let standIn: StripeStandIn;
  let app: FastifyInstance;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    app = await buildTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_payments', STRIPE_PUBLISHABLE_KEY: 'pk_test_payments', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: standIn.url } });
  });
  afterAll(async () => {
    await app.close();
    await standIn.close();
  });

  const deliver = (payload: string, signature?: string) =>
    app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    });

  /** Paywall → Stripe Checkout (the stand-in completes it with a trialing subscription) → the return address. */
  const returnFromStripeTrial = async (user: TestUser, trial: { query: string; subscriptionId: string; unitAmount: number }) => {
    const checkout = await app.inject({ method: 'GET', url: `/v2/user/subscription/stripe/checkout-session?${trial.query}`, headers: user.headers });
    const sessionId = checkout.json<CheckoutSessionResponse>().url.split('/').pop()!;
    const trialEnd = Math.floor(Date.now() / 1000) + 7 * 86_400;
    standIn.addSubscription(stripeSubscription({ id: trial.subscriptionId, userId: user.id, status: 'trialing', trialEnd, periodEnd: trialEnd, unitAmount: trial.unitAmount }));
    Object.assign(standIn.checkoutSessions.get(sessionId)!, { status: 'complete', subscription: trial.subscriptionId });
    return app.inject({ method: 'GET', url: `/checkout/stripe/return?session_id=${sessionId}` });
  };

  it('tells the SPA to use Stripe with the publishable key', async () => {
    const config = (await app.inject({ method: 'GET', url: '/config.json' })).json<{ payments: unknown }>();
    expect(config.payments).toEqual({ provider: 'stripe', stripePublishableKey: 'pk_test_payments' });
  });

  it('creates a subscription-mode Checkout Session with a 7-day trial and returns its URL', async () => {
    const user = await createValidatedUser(app);
    const response = await app.inject({ method: 'GET', url: '/v2/user/subscription/stripe/checkout-session?locale=fr&interval=yearly&plan=business&currency=EUR', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<CheckoutSessionResponse>();
    expect(body.provider).toBe('stripe');
    expect(body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/);
    const created = standIn.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(created).toBeDefined();
    const params = created!.params;
    expect(params.get('mode')).toBe('subscription');
    expect(params.get('subscription_data[trial_period_days]')).toBe('7');
    expect(params.get('subscription_data[metadata][user_id]')).toBe(user.id);
    expect(params.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(params.get('line_items[0][price_data][unit_amount]')).toBe('46800');
    expect(params.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(params.get('locale')).toBe('fr');
    expect(params.get('success_url')).toMatch(/\/checkout\/stripe\/return\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(created!.idempotencyKey).toMatch(/^checkout-/);
    const row = await app.db.selectFrom('checkout_sessions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.provider_ref).toBe(body.url.split('/').pop());
  });

  it('records the trial when the browser returns from Stripe, before any webhook', async () => {
    const user = await createValidatedUser(app);
    const back = await returnFromStripeTrial(user, { query: 'locale=fr&interval=yearly&plan=business&currency=EUR', subscriptionId: 'sub_return', unitAmount: 46800 });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toMatch(/\/fr\/onboarding\/next-steps$/);
    expect(await findCurrentSubscription(app.db, user.id)).toMatchObject({ status: 'trialing', plan: 'business', interval: 'yearly' });
    const bad = await app.inject({ method: 'GET', url: '/checkout/stripe/return?session_id=nope' });
    expect(bad.statusCode).toBe(400);
  });

  it("sends a Stripe subscriber to Stripe's customer portal to change the card", async () => {
    const user = await createValidatedUser(app);
    await returnFromStripeTrial(user, { query: 'locale=fr&interval=monthly&plan=starter&currency=EUR', subscriptionId: 'sub_card', unitAmount: 2900 });
    const view = (await app.inject({ method: 'GET', url: '/v1/subscription', headers: user.headers })).json<SubscriptionResponse>().subscription;
    expect(view).toMatchObject({ provider: 'stripe', canUpdateCard: true });

    const opened = await app.inject({ method: 'POST', url: '/v1/subscription/payment-method', headers: user.headers, payload: { locale: 'fr' } });
    expect(opened.statusCode).toBe(200);
    expect(opened.json<{ url: string }>().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_test_\d+$/);
    const call = standIn.requests.findLast((request) => request.path === '/v1/billing_portal/sessions')!;
    expect(call.params.get('customer')).toMatch(/^cus_test_\d+$/);
    expect(call.params.get('flow_data[type]')).toBe('payment_method_update');
    expect(call.params.get('locale')).toBe('fr');
    expect(call.params.get('return_url')).toMatch(/\/account\?card=updated$/);
  });

  it('refuses a webhook with a bad or missing signature and applies nothing', async () => {
    const payload = JSON.stringify(event('evt_forged', 'customer.subscription.deleted', { id: 'sub_x' }));
    const forged = await deliver(payload, signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    const tampered = await deliver(payload.replace('sub_x', 'sub_y'), signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
    expect(tampered.statusCode).toBe(400);
    const unsigned = await app.inject({ method: 'POST', url: '/webhooks/stripe', payload, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    expect(await app.db.selectFrom('webhook_events').selectAll().execute()).toHaveLength(0);
  });

  it('applies checkout.session.completed, subscription and invoice events once, even when replayed', async () => {
    const user = await createValidatedUser(app);
    const checkout = await app.inject({ method: 'GET', url: '/v2/user/subscription/stripe/checkout-session?interval=monthly&plan=starter&currency=USD', headers: user.headers });
    const sessionId = checkout.json<CheckoutSessionResponse>().url.split('/').pop()!;
    const now = Math.floor(Date.now() / 1000);
    const trialEnd = now + 7 * 86_400;
    standIn.addSubscription(stripeSubscription({ id: 'sub_flow', userId: user.id, status: 'trialing', trialEnd, periodEnd: trialEnd, unitAmount: 2900, currency: 'usd', plan: 'starter', interval: 'monthly' }));

    const completed = JSON.stringify(
      event('evt_completed', 'checkout.session.completed', { id: sessionId, object: 'checkout.session', mode: 'subscription', subscription: 'sub_flow', client_reference_id: user.id, metadata: { user_id: user.id } }),
    );
    const first = await deliver(completed);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await findCurrentSubscription(app.db, user.id)).toMatchObject({ status: 'trialing', plan: 'starter', interval: 'monthly', trialEnd: new Date(trialEnd * 1000) });
    const replay = await deliver(completed);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await app.db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(1);
    expect((await app.db.selectFrom('checkout_sessions').select('status').where('provider_ref', '=', sessionId).executeTakeFirstOrThrow()).status).toBe('complete');

    // Trial ends: Stripe bills the invoice and moves the subscription to active.
    const invoice = {
      id: 'in_flow_1',
      object: 'invoice',
      amount_paid: 2900,
      amount_due: 2900,
      currency: 'usd',
      created: trialEnd,
      status: 'paid',
      status_transitions: { paid_at: trialEnd },
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_flow', metadata: {} }, quote_details: null },
      lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period: { start: trialEnd, end: trialEnd + 30 * 86_400 } }], has_more: false },
    };
    const paid = JSON.stringify(event('evt_paid', 'invoice.paid', invoice));
    expect((await deliver(paid)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(paid)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(JSON.stringify(event('evt_paid_2', 'invoice.payment_succeeded', invoice)))).statusCode).toBe(200);
    const charges = await app.db.selectFrom('charges').selectAll().where('user_id', '=', user.id).execute();
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ provider: 'stripe', provider_ref: 'in_flow_1', amount: 2900, currency: 'USD', status: 'succeeded' });
    expect(await findCurrentSubscription(app.db, user.id)).toMatchObject({ status: 'active' });

    // The money-back refund goes through Stripe's refunds API with the invoice's payment intent.
    standIn.invoicePayments.set('in_flow_1', [
      { id: 'inpay_1', object: 'invoice_payment', invoice: 'in_flow_1', status: 'paid', amount_paid: 2900, payment: { type: 'payment_intent', payment_intent: 'pi_flow_1' } },
    ]);
    const refund = await app.inject({ method: 'POST', url: '/v1/subscription/refund', headers: user.headers });
    expect(refund.statusCode).toBe(200);
    expect(refund.json<SubscriptionResponse>().subscription).toMatchObject({ status: 'canceled', lastCharge: { refunded: true } });
    const refundRequest = standIn.requests.find((request) => request.path === '/v1/refunds');
    expect(refundRequest?.params.get('payment_intent')).toBe('pi_flow_1');
    expect(standIn.requests.some((request) => request.method === 'DELETE' && request.path === '/v1/subscriptions/sub_flow')).toBe(true);

    // Stripe then reports the deletion; applying it keeps the row canceled.
    const deleted = JSON.stringify(event('evt_deleted', 'customer.subscription.deleted', { ...standIn.subscriptions.get('sub_flow')! }));
    expect((await deliver(deleted)).statusCode).toBe(200);
    expect(await findCurrentSubscription(app.db, user.id)).toMatchObject({ status: 'canceled' });
  });

  it('creates the row from customer.subscription.updated when it arrives first; a trial cancelled at Stripe runs to its end and can be undone', async () => {
    const user = await createValidatedUser(app);
    const trialEnd = Math.floor(Date.now() / 1000) + 7 * 86_400;
    const subscription = stripeSubscription({ id: 'sub_early', userId: user.id, status: 'trialing', trialEnd, periodEnd: trialEnd, unitAmount: 46800 });
    standIn.addSubscription(subscription);
    expect((await deliver(JSON.stringify(event('evt_updated_early', 'customer.subscription.updated', subscription)))).statusCode).toBe(200);
    expect(await findCurrentSubscription(app.db, user.id)).toMatchObject({ status: 'trialing', plan: 'business' });
    const cancel = await app.inject({ method: 'POST', url: '/v1/subscription/cancel', headers: user.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<SubscriptionResponse>().subscription).toMatchObject({ status: 'trialing', stage: 'ending', endsAt: new Date(trialEnd * 1000).toISOString() });
    expect(standIn.subscriptions.get('sub_early')).toMatchObject({ cancel_at_period_end: true, status: 'trialing' });
    expect(standIn.requests.some((request) => request.method === 'DELETE' && request.path === '/v1/subscriptions/sub_early')).toBe(false);
    const resume = await app.inject({ method: 'POST', url: '/v1/subscription/resume', headers: user.headers });
    expect(resume.json<SubscriptionResponse>().subscription).toMatchObject({ stage: 'trialing', endsAt: null });
    expect(standIn.subscriptions.get('sub_early')).toMatchObject({ cancel_at_period_end: false });
  });

  it('a second live Stripe subscription for one user (two Checkout pages paid) is cancelled at Stripe, not recorded live (#12)', async () => {
    const user = await createValidatedUser(app);
    const trialEnd = Math.floor(Date.now() / 1000) + 7 * 86_400;
    const first = stripeSubscription({ id: 'sub_first_page', userId: user.id, status: 'trialing', trialEnd, periodEnd: trialEnd, unitAmount: 46800 });
    const second = stripeSubscription({ id: 'sub_second_page', userId: user.id, status: 'trialing', trialEnd, periodEnd: trialEnd, unitAmount: 46800 });
    standIn.addSubscription(first);
    standIn.addSubscription(second);
    expect((await deliver(JSON.stringify(event('evt_first_page', 'customer.subscription.created', first)))).statusCode).toBe(200);
    expect((await deliver(JSON.stringify(event('evt_second_page', 'customer.subscription.created', second)))).statusCode).toBe(200);
    const live = await app.db.selectFrom('subscriptions').select('provider_ref').where('user_id', '=', user.id).where('status', 'in', ['trialing', 'active', 'past_due']).execute();
    expect(live).toEqual([{ provider_ref: 'sub_first_page' }]);
    expect(standIn.requests.some((request) => request.method === 'DELETE' && request.path === '/v1/subscriptions/sub_second_page')).toBe(true);
    // Replayed, the event is acknowledged once; Stripe's own deletion event then records it canceled.
    expect((await deliver(JSON.stringify(event('evt_second_page', 'customer.subscription.created', second)))).statusCode).toBe(200);
    expect((await deliver(JSON.stringify(event('evt_second_page_deleted', 'customer.subscription.deleted', { ...second, status: 'canceled', canceled_at: trialEnd - 7 * 86_400 })))).statusCode).toBe(200);
    const rows = await app.db.selectFrom('subscriptions').select(['provider_ref', 'status']).where('user_id', '=', user.id).orderBy('provider_ref').execute();
    expect(rows).toEqual([
      { provider_ref: 'sub_first_page', status: 'trialing' },
      { provider_ref: 'sub_second_page', status: 'canceled' },
    ]);
  });
});
