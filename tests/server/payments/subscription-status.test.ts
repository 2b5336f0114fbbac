import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCurrentSubscription } from '../../../server/payments/subscription-status';
import { buildTestApp } from '../../helpers/app';

describe('findCurrentSubscription', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('returns null for a user without a subscription', async () => {
    expect(await findCurrentSubscription(app.db, randomUUID())).toBeNull();
  });

  it('prefers a live subscription over a newer canceled one', async () => {
    const userId = randomUUID();
    const trialEnd = new Date('2026-02-01T00:00:00Z');
    const base = { user_id: userId, provider: 'local' as const, plan: 'business' as const, interval: 'yearly' as const, currency: 'EUR', unit_amount: 46800 };
    const live = await app.db
      .insertInto('subscriptions')
      .values({ ...base, status: 'trialing', trial_end: trialEnd, created_at: new Date('2026-01-01T00:00:00Z') })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('subscriptions')
      .values({ ...base, plan: 'starter', status: 'canceled', canceled_at: new Date(), created_at: new Date('2026-01-10T00:00:00Z') })
      .execute();
    const current = await findCurrentSubscription(app.db, userId);
    expect(current).toEqual({ id: live.id, status: 'trialing', plan: 'business', interval: 'yearly', trialEnd });
  });

  it('seeds prices for every plan, interval and supported currency', async () => {
    const rows = await app.db.selectFrom('plan_prices').select(['plan', 'interval', 'currency']).execute();
    for (const currency of ['EUR', 'USD', 'GBP', 'CAD', 'CHF', 'JPY']) {
      for (const plan of ['business', 'starter']) {
        for (const interval of ['yearly', 'monthly']) {
          expect(rows.some((row) => row.plan === plan && row.interval === interval && row.currency === currency)).toBe(true);
        }
      }
    }
  });
});
