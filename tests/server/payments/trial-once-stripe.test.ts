import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setKycStatus } from '../../../server/api/profiles';
import type { CheckoutSessionResponse, SubscriptionResponse } from '../../../core/contracts/payments';
import { buildTestApp } from '../../helpers/app';
import { createUser, type TestUser } from '../onboarding/users';
import { startStripeStandIn, stripeSubscription, type StripeStandIn } from './stripe-stand-in';

/** #37.4 on Stripe's path: a Stripe trial leaves its marks, and a new account with them is charged at once. */
describe('one free trial per person with Stripe (#37.4)', () => {
  let standIn: StripeStandIn;
  let app: FastifyInstance;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    app = await buildTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_trial_once', STRIPE_WEBHOOK_SECRET: 'whsec_trial_once', STRIPE_API_URL: standIn.url } });
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
  });

  async function person(email: string, phone: string): Promise<TestUser> {
    const user = await createUser(app, { email, phone, phoneConfirmed: true });
    await setKycStatus(app.db, user.id, 'VALIDATED');
    return user;
  }

  async function openCheckout(user: TestUser): Promise<string> {
    const checkout = await app.inject({ method: 'GET', url: '/v2/user/subscription/stripe/checkout-session?locale=en&interval=yearly&plan=business&currency=EUR', headers: user.headers });
    expect(checkout.statusCode).toBe(200);
    return checkout.json<CheckoutSessionResponse>().url.split('/').pop()!;
  }

  it('records the trial\'s phone, email and card fingerprint, and the next account with that phone gets no trial', async () => {
    const email = `stripe-trial-${Date.now()}@acme-widgets.com`;
    const phone = '+33698765432';
    const first = await person(email, phone);
    const sessionId = await openCheckout(first);
    const trialEnd = Math.floor(Date.now() / 1000) + 7 * 86_400;
    const subscription = stripeSubscription({ id: 'sub_trial_once_1', userId: first.id, status: 'trialing', trialEnd, periodEnd: trialEnd, unitAmount: 46800 });
    standIn.addSubscription({ ...subscription, default_payment_method: { id: 'pm_1', object: 'payment_method', card: { fingerprint: 'fp_trial_once' } } });
    Object.assign(standIn.checkoutSessions.get(sessionId)!, { status: 'complete', subscription: 'sub_trial_once_1' });
    expect((await app.inject({ method: 'GET', url: `/checkout/stripe/return?session_id=${sessionId}` })).statusCode).toBe(303);
    const kinds = (await app.db.selectFrom('trial_marks').select('kind').execute()).map((row) => row.kind).sort();
    expect(kinds).toEqual(['card', 'email', 'phone']);

    // The account erased (its Stripe side ended), then another account proving the same number: the
    // paywall and Stripe Checkout both charge at once.
    expect((await app.inject({ method: 'DELETE', url: '/v1/user', headers: first.headers })).statusCode).toBe(204);
    expect(await app.db.selectFrom('trial_marks').select('kind').execute()).toHaveLength(3);
    const second = await person(`other-${Date.now()}@acme-widgets.com`, phone);
    const answer = await app.inject({ method: 'GET', url: '/v1/subscription', headers: second.headers });
    expect(answer.json<SubscriptionResponse>().trialAvailable).toBe(false);
    const before = standIn.requests.length;
    await openCheckout(second);
    const created = standIn.requests.slice(before).find((request) => request.path === '/v1/checkout/sessions');
    expect(created!.params.get('subscription_data[trial_period_days]')).toBeNull();
  });
});
