import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setKycStatus } from '../../../server/api/profiles';
import { runBillingCycle } from '../../../server/payments/billing';
import { MAX_FAILED_ATTEMPTS } from '../../../server/payments/local-checkout';
import { findCurrentSubscription } from '../../../server/payments/subscription-status';
import type { SubscriptionResponse } from '../../../core/contracts/payments';
import { buildTestApp, manualClock } from '../../helpers/app';
import { createUser } from '../onboarding/users';
import { createValidatedUser, freshHeaders, payForm, startCheckout } from './helpers';

const DAY = 24 * 60 * 60 * 1000;

describe('paywall → local checkout → trial → billing', () => {
  const clock = manualClock(new Date('2026-03-02T09:00:00Z'));
  let app: FastifyInstance;
  beforeAll(async () => {
    // The caller's country is read from X-Forwarded-For, believed only from a configured proxy.
    app = await buildTestApp({ clock, env: { TRUSTED_PROXIES: '127.0.0.1' } });
  });
  afterAll(async () => {
    await app.close();
  });

  const checkoutUrl = '/v2/user/subscription/stripe/checkout-session';

  it('refuses without a session and without a VALIDATED identity check', async () => {
    expect((await app.inject({ method: 'GET', url: checkoutUrl })).json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const user = await createUser(app);
    const noProfile = await app.inject({ method: 'GET', url: checkoutUrl, headers: user.headers });
    expect(noProfile.statusCode).toBe(403);
    expect(noProfile.json()).toMatchObject({ code: 'KYC_REQUIRED' });
    await setKycStatus(app.db, user.id, 'REJECTED');
    expect((await app.inject({ method: 'GET', url: checkoutUrl, headers: user.headers })).json()).toMatchObject({ code: 'KYC_REQUIRED' });
  });

  it('validates its query', async () => {
    const user = await createValidatedUser(app);
    const bad = await app.inject({ method: 'GET', url: `${checkoutUrl}?plan=gold`, headers: user.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const currency = await app.inject({ method: 'GET', url: `${checkoutUrl}?currency=XYZ`, headers: user.headers });
    expect(currency.json()).toMatchObject({ code: 'UNSUPPORTED_CURRENCY' });
  });

  it('applies a valid custom_code and ignores an unknown one with a note', async () => {
    const user = await createValidatedUser(app);
    const valid = await app.inject({ method: 'GET', url: `${checkoutUrl}?custom_code=welcome10`, headers: user.headers });
    expect(valid.json()).toMatchObject({ provider: 'local', note: null, promotion: { code: 'WELCOME10', percentOff: 10 } });
    const unknown = await app.inject({ method: 'GET', url: `${checkoutUrl}?custom_code=NOPE`, headers: user.headers });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ note: 'PROMOTION_NOT_FOUND', promotion: null });
  });

  it('defaults the currency from the caller country, else EUR', async () => {
    const user = await createValidatedUser(app);
    const fromGb = await app.inject({ method: 'GET', url: checkoutUrl, headers: { ...user.headers, 'x-forwarded-for': '81.2.69.142' } });
    const gb = await app.db.selectFrom('checkout_sessions').select('currency').where('id', '=', new URL(fromGb.json<{ url: string }>().url).pathname.split('/')[2]!).executeTakeFirstOrThrow();
    expect(gb.currency).toBe('GBP');
    const local = await app.inject({ method: 'GET', url: checkoutUrl, headers: user.headers });
    const eur = await app.db.selectFrom('checkout_sessions').select('currency').where('id', '=', new URL(local.json<{ url: string }>().url).pathname.split('/')[2]!).executeTakeFirstOrThrow();
    expect(eur.currency).toBe('EUR');
  });

  it('shows the hosted page in en and fr with plan, price and trial end', async () => {
    const user = await createValidatedUser(app);
    const path = await startCheckout(app, user, 'locale=fr&interval=monthly&plan=starter&currency=EUR');
    const fr = await app.inject({ method: 'GET', url: path });
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['content-type']).toMatch(/text\/html/);
    expect(fr.body).toContain('<html lang="fr">');
    expect(fr.body).toContain('Offre Starter, facturation mensuelle');
    expect(fr.body).toContain('29,00');
    expect(fr.body).toContain('9 mars 2026');
    expect(fr.body).toContain('<label for="number">Numéro de carte</label>');
    const en = await app.inject({ method: 'GET', url: `${path}?lng=en` });
    expect(en.body).toContain('Starter plan, billed monthly');
    expect(en.body).toContain('March 9, 2026');
    expect(en.body).toContain('4242 4242 4242 4242');
  });

  it('refuses a declined card and a card with insufficient funds, starting nothing', async () => {
    const user = await createValidatedUser(app);
    const path = await startCheckout(app, user);
    const declined = await app.inject({ method: 'POST', url: path, ...payForm('4000 0000 0000 0002') });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined');
    const poor = await app.inject({ method: 'POST', url: path, ...payForm('4000000000009995') });
    expect(poor.statusCode).toBe(402);
    expect(poor.body).toContain('insufficient funds');
    expect(await findCurrentSubscription(app.db, user.id)).toBeNull();
  });

  it('reports card field errors (Luhn, expiry, CVC) accessibly', async () => {
    const user = await createValidatedUser(app);
    const path = await startCheckout(app, user);
    const response = await app.inject({ method: 'POST', url: path, ...payForm('4242 4242 4242 4241', '01/26', '12') });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('id="number" name="number"');
    expect(response.body).toMatch(/id="number"[^>]*aria-invalid="true" aria-describedby="number-error"/);
    expect(response.body).toContain('This card has expired');
    expect(response.body).toMatch(/id="cvc"[^>]*aria-invalid="true"/);
    expect(response.body).not.toContain('4242 4242 4242 4241');
  });

  it('starts a 7-day trial on success, returns to next-steps and charges at trial end', async () => {
    const user = await createValidatedUser(app);
    const path = await startCheckout(app, user, 'locale=fr&interval=yearly&plan=business&currency=USD&custom_code=WELCOME10');
    const paid = await app.inject({ method: 'POST', url: path, ...payForm('4242424242424242') });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/\/fr\/onboarding\/next-steps$/);
    const current = await findCurrentSubscription(app.db, user.id);
    expect(current).toMatchObject({ status: 'trialing', plan: 'business', interval: 'yearly' });
    expect(current!.trialEnd!.getTime()).toBe(clock.now().getTime() + 7 * DAY);
    // A second submit of the same page starts nothing new.
    const again = await app.inject({ method: 'POST', url: path, ...payForm('4242424242424242') });
    expect(again.statusCode).toBe(410);

    const view = (await app.inject({ method: 'GET', url: '/v1/subscription', headers: user.headers })).json<SubscriptionResponse>().subscription!;
    expect(view).toMatchObject({ status: 'trialing', currency: 'USD', unitAmount: 46800, nextChargeAmount: 42120, percentOff: 10, card: { brand: 'visa', last4: '4242' } });

    // One second before the trial ends nothing happens; at trial end the card is charged once.
    clock.advance(7 * DAY - 1000);
    await runBillingCycle(app.db, clock.now());
    expect(await app.db.selectFrom('charges').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(0);
    clock.advance(1000);
    await runBillingCycle(app.db, clock.now());
    await runBillingCycle(app.db, clock.now());
    const charges = await app.db.selectFrom('charges').selectAll().where('user_id', '=', user.id).execute();
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'succeeded', amount: 42120, currency: 'USD' });
    const after = (await app.inject({ method: 'GET', url: '/v1/subscription', headers: await freshHeaders(app, user.id) })).json<SubscriptionResponse>().subscription!;
    expect(after.status).toBe('active');
    // The promotion covered the first payment only.
    expect(after.nextChargeAmount).toBe(46800);
    expect(new Date(after.currentPeriodEnd!).toISOString()).toBe('2027-03-09T09:00:00.000Z');
    clock.set(new Date('2026-03-02T09:00:00Z'));
  });

  it('puts the subscription in past_due when the trial-end charge fails', async () => {
    const user = await createValidatedUser(app);
    const path = await startCheckout(app, user, 'locale=en&interval=monthly&plan=starter&currency=JPY');
    expect((await app.inject({ method: 'POST', url: path, ...payForm('4000000000000341') })).statusCode).toBe(303);
    clock.advance(7 * DAY);
    await runBillingCycle(app.db, clock.now());
    const charge = await app.db.selectFrom('charges').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(charge).toMatchObject({ status: 'failed', failure_code: 'card_declined', amount: 4500, currency: 'JPY' });
    expect(await findCurrentSubscription(app.db, user.id)).toMatchObject({ status: 'past_due' });
    clock.set(new Date('2026-03-02T09:00:00Z'));
  });

  it('never charges a trial canceled before it ends', async () => {
    const user = await createValidatedUser(app);
    const path = await startCheckout(app, user);
    await app.inject({ method: 'POST', url: path, ...payForm('4242424242424242') });
    clock.advance(3 * DAY);
    const canceled = await app.inject({ method: 'POST', url: '/v1/subscription/cancel', headers: await freshHeaders(app, user.id) });
    expect(canceled.statusCode).toBe(200);
    // It runs to the trial end, never charged, then ends (docs/subscriptions.md).
    expect(canceled.json<SubscriptionResponse>().subscription).toMatchObject({ status: 'trialing', stage: 'ending', nextChargeAt: null, canCancel: false });
    clock.advance(30 * DAY);
    await runBillingCycle(app.db, clock.now());
    expect(await app.db.selectFrom('charges').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(0);
    expect(await findCurrentSubscription(app.db, user.id)).toMatchObject({ status: 'canceled' });
    const twice = await app.inject({ method: 'POST', url: '/v1/subscription/cancel', headers: await freshHeaders(app, user.id) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'NOT_CANCELABLE' });
    clock.set(new Date('2026-03-02T09:00:00Z'));
  });

  it('refunds within 30 days of the payment and cancels; refuses during the trial and after 30 days', async () => {
    const user = await createValidatedUser(app);
    await app.inject({ method: 'POST', url: await startCheckout(app, user, 'interval=monthly&currency=EUR'), ...payForm('4242424242424242') });
    const early = await app.inject({ method: 'POST', url: '/v1/subscription/refund', headers: user.headers });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NOTHING_TO_REFUND' });

    clock.advance(7 * DAY);
    await runBillingCycle(app.db, clock.now());
    clock.advance(29 * DAY);
    const view = (await app.inject({ method: 'GET', url: '/v1/subscription', headers: await freshHeaders(app, user.id) })).json<SubscriptionResponse>().subscription!;
    expect(view.refundableUntil).not.toBeNull();
    const refunded = await app.inject({ method: 'POST', url: '/v1/subscription/refund', headers: await freshHeaders(app, user.id) });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json<SubscriptionResponse>().subscription).toMatchObject({ status: 'canceled', lastCharge: { amount: 4900, refunded: true } });
    const refunds = await app.db.selectFrom('refunds').selectAll().where('user_id', '=', user.id).execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 4900, currency: 'EUR', reason: 'money_back_guarantee' });
    // A canceled subscription is not charged again.
    clock.advance(60 * DAY);
    await runBillingCycle(app.db, clock.now());
    expect(await app.db.selectFrom('charges').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(1);
    clock.set(new Date('2026-03-02T09:00:00Z'));

    const late = await createValidatedUser(app);
    await app.inject({ method: 'POST', url: await startCheckout(app, late, 'interval=monthly&currency=EUR'), ...payForm('4242424242424242') });
    clock.advance(7 * DAY);
    await runBillingCycle(app.db, clock.now());
    clock.advance(31 * DAY);
    const tooLate = await app.inject({ method: 'POST', url: '/v1/subscription/refund', headers: await freshHeaders(app, late.id) });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toMatchObject({ code: 'REFUND_WINDOW_EXPIRED' });
    clock.set(new Date('2026-03-02T09:00:00Z'));
  });

  it('refuses a second checkout for a subscribed user', async () => {
    const user = await createValidatedUser(app);
    await app.inject({ method: 'POST', url: await startCheckout(app, user), ...payForm('4242424242424242') });
    const again = await app.inject({ method: 'GET', url: checkoutUrl, headers: user.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_SUBSCRIBED' });
  });
});

describe('hosted checkout abuse limits', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('closes a checkout link after too many refused cards', async () => {
    const user = await createValidatedUser(app);
    const path = await startCheckout(app, user);
    for (let attempt = 0; attempt < MAX_FAILED_ATTEMPTS; attempt += 1) {
      const response = await app.inject({ method: 'POST', url: path, ...payForm(attempt % 2 ? '4000000000000002' : '4242424242424241') });
      expect([402, 422]).toContain(response.statusCode);
    }
    const blocked = await app.inject({ method: 'POST', url: path, ...payForm('4242424242424242') });
    expect(blocked.statusCode).toBe(410);
    expect(blocked.body).toContain('This checkout has expired');
    expect(await findCurrentSubscription(app.db, user.id)).toBeNull();
  });
});
