import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingCycle } from '../../../server/payments/billing';
import type { SubscriptionResponse } from '../../../core/contracts/payments';
import { buildTestApp, manualClock } from '../../helpers/app';
import { createValidatedUser, freshHeaders, payForm, startCheckout } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2026-05-04T08:00:00Z');

describe('GET /v1/subscription lists the payments (the account page history)', () => {
  const clock = manualClock(START);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await app.close();
  });

  it('is empty during the trial, then lists each charge latest first, refunds marked', async () => {
    const user = await createValidatedUser(app);
    const paid = await app.inject({ method: 'POST', url: await startCheckout(app, user, 'interval=monthly&plan=starter&currency=EUR'), ...payForm('4242424242424242') });
    expect(paid.statusCode).toBe(303);
    const view = async () => (await app.inject({ method: 'GET', url: '/v1/subscription', headers: await freshHeaders(app, user.id) })).json<SubscriptionResponse>().subscription!;

    expect((await view()).charges).toEqual([]);

    clock.advance(7 * DAY);
    await runBillingCycle(app.db, clock.now());
    const firstCharge = clock.now().toISOString();
    clock.advance(31 * DAY);
    await runBillingCycle(app.db, clock.now());

    const afterTwo = await view();
    expect(afterTwo.charges).toHaveLength(2);
    expect(afterTwo.charges.map((charge) => charge.status)).toEqual(['succeeded', 'succeeded']);
    expect(afterTwo.charges[1]!.at).toBe(firstCharge);
    expect(new Date(afterTwo.charges[0]!.at).getTime()).toBeGreaterThan(new Date(afterTwo.charges[1]!.at).getTime());
    expect(afterTwo.charges[0]!.amount).toBe(afterTwo.unitAmount * afterTwo.seats);
    expect(afterTwo.lastCharge).toMatchObject({ amount: afterTwo.charges[0]!.amount, at: afterTwo.charges[0]!.at, refunded: false });

    const refund = await app.inject({ method: 'POST', url: '/v1/subscription/refund', headers: await freshHeaders(app, user.id) });
    expect(refund.statusCode).toBe(200);
    const refunded = await view();
    expect(refunded.charges.map((charge) => charge.refunded)).toEqual([true, false]);
  });
});
