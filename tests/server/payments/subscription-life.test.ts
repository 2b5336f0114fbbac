import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateProfile } from '../../../server/api/profiles';
import { runBillingCycle } from '../../../server/payments/billing';
import { findCurrentSubscriptionRow } from '../../../server/payments/subscription-status';
import type { SubscriptionResponse } from '../../../core/contracts/payments';
import type { User } from '../../../core/contracts/user';
import { buildTestApp, manualClock } from '../../helpers/app';
import type { TestUser } from '../onboarding/users';
import { cards, createValidatedUser, freshHeaders, payForm, startCheckout } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2026-05-04T09:00:00Z');

/**
 * The subscription's life (docs/subscriptions.md) through the API, with the billing job driven by a
 * manual clock: every stage, the account page's next step in it, the role GET /v1/user shows, and
 * what a new plan costs once the free trial was used.
 */
describe('the life of a subscription', () => {
  const clock = manualClock(START);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await app.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST', url: string) =>
    app.inject({ method, url, headers: await freshHeaders(app, user.id) });
  const account = async (user: TestUser) => (await call(user, 'GET', '/v1/subscription')).json<SubscriptionResponse>();
  const role = async (user: TestUser) => (await call(user, 'GET', '/v1/user')).json<User>().role;
  const charges = (user: TestUser) => app.db.selectFrom('charges').select(['status', 'amount']).where('user_id', '=', user.id).orderBy('created_at').execute();

  /** The funnel to its end: a monthly business trial, then next-steps grants the role. */
  async function trialingCustomer(card: string = cards.good): Promise<TestUser> {
    clock.set(START);
    const user = await createValidatedUser(app);
    const paid = await app.inject({ method: 'POST', url: await startCheckout(app, user, 'interval=monthly&plan=business&currency=EUR'), ...payForm(card) });
    expect(paid.statusCode).toBe(303);
    await updateProfile(app.db, user.id, { role: 'owner', onboarding_finished_at: clock.now() });
    return user;
  }

  it('a first subscription starts with the free trial; the page offers a card change and a cancel', async () => {
    const user = await trialingCustomer();
    const { subscription, trialAvailable } = await account(user);
    expect(trialAvailable).toBe(false);
    expect(subscription).toMatchObject({ stage: 'trialing', nextAction: null, actions: ['updateCard', 'cancel'], endsAt: null });
    expect(await role(user)).toBe('owner');
  });

  it('cancel in the trial: it runs to the trial end (role kept, never charged), can be undone, then ends', async () => {
    const user = await trialingCustomer();
    const trialEnd = new Date(START.getTime() + 7 * DAY).toISOString();
    clock.advance(2 * DAY);

    const canceled = await call(user, 'POST', '/v1/subscription/cancel');
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json<SubscriptionResponse>().subscription).toMatchObject({
      status: 'trialing',
      stage: 'ending',
      endsAt: trialEnd,
      nextAction: 'resume',
      actions: ['resume'],
      nextChargeAt: null,
    });
    expect(await role(user)).toBe('owner');
    expect((await call(user, 'POST', '/v1/subscription/cancel')).json()).toMatchObject({ code: 'NOT_CANCELABLE' });

    const resumed = await call(user, 'POST', '/v1/subscription/resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<SubscriptionResponse>().subscription).toMatchObject({ stage: 'trialing', endsAt: null, nextChargeAt: trialEnd });
    expect((await call(user, 'POST', '/v1/subscription/resume')).json()).toMatchObject({ code: 'NOT_RESUMABLE' });

    await call(user, 'POST', '/v1/subscription/cancel');
    clock.set(new Date(trialEnd));
    await runBillingCycle(app.db, clock.now());
    expect(await charges(user)).toEqual([]);
    const ended = await account(user);
    expect(ended.subscription).toMatchObject({ status: 'canceled', stage: 'ended', nextAction: 'restart', actions: ['restart'] });
    expect(ended.trialAvailable).toBe(false);
    // The loader rules now send this person to the paywall, not to the web app.
    expect(await role(user)).toBeNull();
    expect((await call(user, 'POST', '/v1/subscription/resume')).statusCode).toBe(409);
  });

  it('restart after the trial was used: the hosted page says it charges today, and it does', async () => {
    const user = await trialingCustomer();
    await call(user, 'POST', '/v1/subscription/cancel');
    clock.advance(8 * DAY);
    await runBillingCycle(app.db, clock.now());

    const path = await startCheckout(app, { ...user, headers: await freshHeaders(app, user.id) }, 'locale=fr&interval=monthly&plan=starter&currency=EUR');
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('Un essai gratuit a déjà été utilisé avec ce compte');
    expect(page.body).toContain('Payer 29,00');
    expect(page.body).not.toContain('Commencer mon essai gratuit');

    // A card refused at the first charge starts nothing.
    const refused = await app.inject({ method: 'POST', url: path, ...payForm(cards.failsLater) });
    expect(refused.statusCode).toBe(402);
    expect((await account(user)).subscription).toMatchObject({ stage: 'ended' });

    const paid = await app.inject({ method: 'POST', url: path, ...payForm(cards.good) });
    expect(paid.statusCode).toBe(303);
    const restarted = (await account(user)).subscription;
    expect(restarted).toMatchObject({ plan: 'starter', status: 'active', stage: 'active', trialEnd: null, nextAction: null });
    expect(restarted?.actions).toEqual(['updateCard', 'refund', 'cancel']);
    expect(restarted?.charges).toMatchObject([{ amount: 2900, status: 'succeeded', refunded: false }]);
    expect(restarted?.nextChargeAt).toBe(new Date(clock.now().getTime() + 31 * DAY).toISOString());
    expect(await role(user)).toBe('owner');
  });

  it('active: cancel runs to the paid period end and can be undone; a refund ends it as refunded', async () => {
    const user = await trialingCustomer();
    clock.advance(7 * DAY);
    await runBillingCycle(app.db, clock.now());
    const active = (await account(user)).subscription;
    expect(active).toMatchObject({ stage: 'active', actions: ['updateCard', 'refund', 'cancel'] });

    const ending = (await call(user, 'POST', '/v1/subscription/cancel')).json<SubscriptionResponse>().subscription;
    expect(ending).toMatchObject({ status: 'active', stage: 'ending', endsAt: active?.currentPeriodEnd, actions: ['resume', 'refund'] });
    expect((await call(user, 'POST', '/v1/subscription/resume')).json<SubscriptionResponse>().subscription).toMatchObject({ stage: 'active' });

    const refunded = await call(user, 'POST', '/v1/subscription/refund');
    expect(refunded.json<SubscriptionResponse>().subscription).toMatchObject({ status: 'canceled', stage: 'refunded', nextAction: 'restart', actions: ['restart'] });
    expect(await role(user)).toBeNull();
  });

  it('past due: the next step is a new card; after the last retry it has ended', async () => {
    const user = await trialingCustomer(cards.failsLater);
    clock.advance(7 * DAY);
    await runBillingCycle(app.db, clock.now());
    expect((await account(user)).subscription).toMatchObject({ stage: 'past_due', nextAction: 'updateCard', actions: ['updateCard', 'cancel'] });
    expect(await role(user)).toBe('owner');

    clock.advance(6 * DAY);
    for (let run = 0; run < 3; run += 1) await runBillingCycle(app.db, clock.now());
    clock.advance(DAY);
    await runBillingCycle(app.db, clock.now());
    expect((await findCurrentSubscriptionRow(app.db, user.id))?.status).toBe('canceled');
    expect((await account(user)).subscription).toMatchObject({ stage: 'ended', nextAction: 'restart' });
    expect(await role(user)).toBeNull();
  });

  it('past due: cancel ends it at once (nothing is owed later)', async () => {
    const user = await trialingCustomer(cards.failsLater);
    clock.advance(7 * DAY);
    await runBillingCycle(app.db, clock.now());
    const canceled = (await call(user, 'POST', '/v1/subscription/cancel')).json<SubscriptionResponse>().subscription;
    expect(canceled).toMatchObject({ status: 'canceled', stage: 'ended', nextAction: 'restart' });
  });

  it('twelve cancels at once: one takes effect, the others are told it is already cancelled', async () => {
    const user = await trialingCustomer();
    const headers = await freshHeaders(app, user.id);
    const answers = await Promise.all(Array.from({ length: 12 }, () => app.inject({ method: 'POST', url: '/v1/subscription/cancel', headers })));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((code) => code === 200 || code === 409)).toBe(true);
    const row = await findCurrentSubscriptionRow(app.db, user.id);
    expect(row).toMatchObject({ status: 'trialing', cancel_at: new Date(START.getTime() + 7 * DAY) });
    // Twelve undo requests at once leave it running once, with no cancellation.
    const undone = await Promise.all(Array.from({ length: 12 }, () => app.inject({ method: 'POST', url: '/v1/subscription/resume', headers })));
    expect(undone.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect((await findCurrentSubscriptionRow(app.db, user.id))?.cancel_at).toBeNull();
  });

  it('someone who never subscribed is offered the trial; a stranger learns nothing', async () => {
    clock.set(START);
    const user = await createValidatedUser(app);
    expect(await account(user)).toEqual({ subscription: null, trialAvailable: true });
    const page = await app.inject({ method: 'GET', url: await startCheckout(app, user) });
    expect(page.body).toContain('Start my free trial');
    expect((await app.inject({ method: 'POST', url: '/v1/subscription/resume' })).statusCode).toBe(401);
    expect((await call(user, 'POST', '/v1/subscription/resume')).json()).toMatchObject({ code: 'NO_SUBSCRIPTION' });
  });
});
