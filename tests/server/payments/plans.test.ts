import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlansResponse } from '../../../core/contracts/payments';
import { buildTestApp } from '../../helpers/app';

describe('GET /v1/subscription/plans', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const plans = async (currency: string) => app.inject({ method: 'GET', url: `/v1/subscription/plans?currency=${currency}` });

  it.each([
    ['EUR', 2, 4900, 46800],
    ['USD', 2, 4900, 46800],
    ['GBP', 2, 4200, 39600],
    ['CAD', 2, 6900, 64800],
    ['CHF', 2, 4900, 46800],
    ['JPY', 0, 7900, 75600],
  ])('lists business and starter in %s', async (currency, minorUnits, businessMonthly, businessYearly) => {
    const response = await plans(currency);
    expect(response.statusCode).toBe(200);
    const body = response.json() as PlansResponse;
    expect(body).toMatchObject({ currency, minorUnits, trialDays: 7, moneyBackDays: 30 });
    expect(body.plans.map((plan) => plan.plan)).toEqual(['business', 'starter']);
    const business = body.plans[0]!;
    expect(business.prices.monthly.unitAmount).toBe(businessMonthly);
    expect(business.prices.yearly.unitAmount).toBe(businessYearly);
    expect(business.prices.yearly.monthlyEquivalent).toBe(Math.round(businessYearly / 12));
    expect(business.yearlySavingsPerSeat).toBe(businessMonthly * 12 - businessYearly);
    expect(business.yearlyDiscountPercent).toBe(Math.round(((businessMonthly * 12 - businessYearly) / (businessMonthly * 12)) * 100));
  });

  it('reads prices from the database, so a repricing needs no deploy', async () => {
    await app.db.updateTable('plan_prices').set({ unit_amount: 5900 }).where('plan', '=', 'starter').where('interval', '=', 'monthly').where('currency', '=', 'USD').execute();
    const body = (await plans('USD')).json() as PlansResponse;
    expect(body.plans[1]!.prices.monthly.unitAmount).toBe(5900);
  });

  it('accepts lower case', async () => {
    expect((await plans('gbp')).json()).toMatchObject({ currency: 'GBP' });
  });

  it('refuses a currency it does not sell in with UNSUPPORTED_CURRENCY', async () => {
    const response = await plans('XYZ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_CURRENCY' });
  });

  it('refuses a malformed or missing currency with VALIDATION_FAILED', async () => {
    for (const url of ['/v1/subscription/plans?currency=eu', '/v1/subscription/plans?currency=EURO', '/v1/subscription/plans']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
