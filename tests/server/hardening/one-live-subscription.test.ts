import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../../server/db/errors';
import { ONE_LIVE_SUBSCRIPTION_INDEX } from '../../../server/payments/local-checkout';
import { buildTestApp } from '../../helpers/app';
import { createValidatedUser, payForm, startCheckout } from '../payments/helpers';

/**
 * #12 finding 2, on PGlite and (with --project server-postgres) on Postgres: one user paying several
 * hosted checkout pages at the same moment ends with one live subscription; the others answer 409
 * "already subscribed", never 500.
 */
describe('one live subscription per user', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const liveRows = (userId: string) =>
    app.db.selectFrom('subscriptions').select('id').where('user_id', '=', userId).where('status', 'in', ['trialing', 'active', 'past_due']).execute();

  it('three pages paid at once: one trial, two 409s', async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await createValidatedUser(app);
      const pages = [
        await startCheckout(app, user, 'locale=en&interval=yearly&plan=business&currency=EUR'),
        await startCheckout(app, user, 'locale=en&interval=monthly&plan=business&currency=EUR'),
        await startCheckout(app, user, 'locale=fr&interval=monthly&plan=starter&currency=EUR'),
      ];
      expect(new Set(pages).size).toBe(3);
      const answers = await Promise.all(pages.map((url) => app.inject({ method: 'POST', url, ...payForm('4242424242424242') })));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([303, 409, 409]);
      expect(await liveRows(user.id)).toHaveLength(1);
    }
  });

  it('the database itself refuses a second live row (the rule holds for every writer)', async () => {
    const user = await createValidatedUser(app);
    const row = { user_id: user.id, provider: 'local' as const, plan: 'business' as const, interval: 'monthly' as const, currency: 'EUR', unit_amount: 4900, status: 'trialing' as const };
    await app.db.insertInto('subscriptions').values({ ...row, provider_ref: `sub_test_${user.id}_1` }).execute();
    const second = await app.db.insertInto('subscriptions').values({ ...row, provider_ref: `sub_test_${user.id}_2` }).execute().catch((error: unknown) => error);
    expect(isUniqueViolation(second, ONE_LIVE_SUBSCRIPTION_INDEX)).toBe(true);
    // A canceled one beside the live one is fine.
    await app.db.insertInto('subscriptions').values({ ...row, provider_ref: `sub_test_${user.id}_3`, status: 'canceled' }).execute();
    expect(await liveRows(user.id)).toHaveLength(1);
  });
});
