import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_RETRY_DAYS, runBillingCycle } from '../../../server/payments/billing';
import { findCurrentSubscriptionRow } from '../../../server/payments/subscription-status';
import type { CardUpdateResponse, SubscriptionResponse } from '../../../core/contracts/payments';
import { buildTestApp, manualClock } from '../../helpers/app';
import { cards, createValidatedUser, freshHeaders, payForm, startCheckout } from './helpers';
import type { TestUser } from '../onboarding/users';

const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2026-04-01T08:00:00Z');

describe('failed payments: retries, then a new card from the account page', () => {
  const clock = manualClock(START);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await app.close();
  });

  /** A monthly starter trial in EUR whose card will fail at trial end, then the trial-end run. */
  async function pastDueUser(): Promise<TestUser> {
    clock.set(START);
    const user = await createValidatedUser(app);
    const paid = await app.inject({ method: 'POST', url: await startCheckout(app, user, 'interval=monthly&plan=starter&currency=EUR'), ...payForm(cards.failsLater) });
    expect(paid.statusCode).toBe(303);
    clock.advance(7 * DAY);
    await runBillingCycle(app.db, clock.now());
    return user;
  }

  const view = async (user: TestUser) =>
    (await app.inject({ method: 'GET', url: '/v1/subscription', headers: await freshHeaders(app, user.id) })).json<SubscriptionResponse>().subscription!;
  const charges = (user: TestUser) => app.db.selectFrom('charges').select(['status', 'amount']).where('user_id', '=', user.id).orderBy('created_at').execute();

  it('retries the card 1, 3 and 5 days after the first failure, then ends the subscription', async () => {
    const user = await pastDueUser();
    const firstFailure = clock.now().getTime();
    expect(await view(user)).toMatchObject({ status: 'past_due', nextChargeAt: new Date(firstFailure + DAY).toISOString(), canUpdateCard: true });

    for (const [index, days] of PAYMENT_RETRY_DAYS.entries()) {
      clock.set(new Date(firstFailure + days * DAY - 1000));
      await runBillingCycle(app.db, clock.now());
      expect(await charges(user)).toHaveLength(index + 1);
      clock.advance(1000);
      await runBillingCycle(app.db, clock.now());
      expect(await charges(user)).toHaveLength(index + 2);
    }
    const ended = await findCurrentSubscriptionRow(app.db, user.id);
    expect(ended).toMatchObject({ status: 'canceled', failed_payment_attempts: 4, next_payment_attempt_at: null });
    expect((await charges(user)).every((charge) => charge.status === 'failed')).toBe(true);

    clock.advance(60 * DAY);
    await runBillingCycle(app.db, clock.now());
    expect(await charges(user)).toHaveLength(4);
  });

  it('charges a new card at once when the subscription is past due, and renews from the unpaid period', async () => {
    const user = await pastDueUser();
    const periodStart = (await findCurrentSubscriptionRow(app.db, user.id))!.current_period_end!;
    clock.advance(2 * 60 * 60 * 1000); // the customer reads the notice a little later
    const opened = await app.inject({ method: 'POST', url: '/v1/subscription/payment-method', headers: await freshHeaders(app, user.id), payload: { locale: 'fr' } });
    expect(opened.statusCode).toBe(200);
    const path = new URL(opened.json<CardUpdateResponse>().url).pathname;

    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Mettre à jour votre carte');
    expect(page.body).toContain('Enregistrer la carte et payer 29,00');
    expect(page.body).toContain('Retour à mon compte');

    const declined = await app.inject({ method: 'POST', url: path, ...payForm('4000000000000002') });
    expect(declined.statusCode).toBe(402);
    expect((await findCurrentSubscriptionRow(app.db, user.id))!.status).toBe('past_due');

    const saved = await app.inject({ method: 'POST', url: path, ...payForm('5555 5555 5555 4444') });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toMatch(/^https?:\/\/[^/]+\/account\?card=updated$/);
    expect(await view(user)).toMatchObject({
      status: 'active',
      card: { brand: 'mastercard', last4: '4444' },
      currentPeriodEnd: new Date(Date.UTC(2026, 4, 8, 8)).toISOString(),
      lastCharge: { status: 'succeeded', amount: 2900 },
    });
    expect(periodStart.toISOString()).toBe('2026-04-08T08:00:00.000Z');
    expect(await charges(user)).toEqual([
      { status: 'failed', amount: 2900 },
      { status: 'succeeded', amount: 2900 },
    ]);
    // The page is spent: a second submit changes nothing.
    expect((await app.inject({ method: 'POST', url: path, ...payForm('5555 5555 5555 4444') })).statusCode).toBe(410);
  });

  it('replaces the card of a trial without charging it', async () => {
    clock.set(START);
    const user = await createValidatedUser(app);
    await app.inject({ method: 'POST', url: await startCheckout(app, user), ...payForm('4242424242424242') });
    const opened = await app.inject({ method: 'POST', url: '/v1/subscription/payment-method', headers: user.headers, payload: { locale: 'en' } });
    const path = new URL(opened.json<CardUpdateResponse>().url).pathname;
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('Update your card');
    expect(page.body).toContain('>Save card<');
    const saved = await app.inject({ method: 'POST', url: path, ...payForm('5555555555554444') });
    expect(saved.headers.location).toMatch(/^https?:\/\/[^/]+\/account\?card=updated$/);
    expect(await view(user)).toMatchObject({ status: 'trialing', card: { last4: '4444' } });
    expect(await charges(user)).toEqual([]);
  });

  it('validates the request and needs a live subscription', async () => {
    clock.set(START);
    const user = await createValidatedUser(app);
    const bad = await app.inject({ method: 'POST', url: '/v1/subscription/payment-method', headers: user.headers, payload: { locale: 'de' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const none = await app.inject({ method: 'POST', url: '/v1/subscription/payment-method', headers: user.headers, payload: { locale: 'en' } });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'NO_SUBSCRIPTION' });
    const anonymous = await app.inject({ method: 'POST', url: '/v1/subscription/payment-method', payload: { locale: 'en' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
