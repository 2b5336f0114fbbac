import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest } from '../http/errors';
import type { Plan, PlansResponse } from '../../core/contracts/payments';
import { MONEY_BACK_DAYS, TRIAL_DAYS } from '../../core/payments/trial';
import type { BillingInterval, PlanCode } from './tables';

export interface Currency {
  code: string;
  minorUnits: number;
}

/** The currency if the product sells in it (active row in `currencies`), else null. */
export async function findCurrency(db: Kysely<Database>, code: string): Promise<Currency | null> {
  const row = await db
    .selectFrom('currencies')
    .select(['code', 'minor_units'])
    .where('code', '=', code)
    .where('active', '=', true)
    .executeTakeFirst();
  return row ? { code: row.code, minorUnits: row.minor_units } : null;
}

export async function requireCurrency(db: Kysely<Database>, code: string): Promise<Currency> {
  const currency = await findCurrency(db, code);
  if (!currency) throw badRequest('UNSUPPORTED_CURRENCY', `Prices are not available in ${code}`);
  return currency;
}

/** Yearly price compared with twelve monthly payments: the percent saved and the amount per seat. */
export function yearlySavings(monthly: number, yearly: number): { percent: number; perSeat: number } {
  const twelveMonths = monthly * 12;
  if (twelveMonths <= 0 || yearly >= twelveMonths) return { percent: 0, perSeat: 0 };
  return { percent: Math.round(((twelveMonths - yearly) / twelveMonths) * 100), perSeat: twelveMonths - yearly };
}

/** Every active plan with both intervals priced in the currency (400 UNSUPPORTED_CURRENCY otherwise). */
export async function listPlans(db: Kysely<Database>, code: string): Promise<PlansResponse> {
  const currency = await requireCurrency(db, code);
  const rows = await db
    .selectFrom('plan_prices')
    .innerJoin('plans', 'plans.code', 'plan_prices.plan')
    .select(['plan_prices.plan', 'plan_prices.interval', 'plan_prices.unit_amount', 'plans.position'])
    .where('plan_prices.currency', '=', currency.code)
    .where('plan_prices.active', '=', true)
    .where('plans.active', '=', true)
    .orderBy('plans.position')
    .execute();
  const byPlan = new Map<PlanCode, Partial<Record<BillingInterval, number>>>();
  for (const row of rows) {
    const entry = byPlan.get(row.plan) ?? {};
    entry[row.interval] = row.unit_amount;
    byPlan.set(row.plan, entry);
  }
  const plans: Plan[] = [];
  for (const [plan, prices] of byPlan) {
    // A plan is offered only when both intervals are priced, so the toggle always has two sides.
    if (prices.yearly === undefined || prices.monthly === undefined) continue;
    const savings = yearlySavings(prices.monthly, prices.yearly);
    plans.push({
      plan,
      currency: currency.code,
      minorUnits: currency.minorUnits,
      prices: {
        yearly: { interval: 'yearly', unitAmount: prices.yearly, monthlyEquivalent: Math.round(prices.yearly / 12) },
        monthly: { interval: 'monthly', unitAmount: prices.monthly, monthlyEquivalent: prices.monthly },
      },
      yearlyDiscountPercent: savings.percent,
      yearlySavingsPerSeat: savings.perSeat,
    });
  }
  if (plans.length === 0) throw badRequest('UNSUPPORTED_CURRENCY', `Prices are not available in ${currency.code}`);
  return { currency: currency.code, minorUnits: currency.minorUnits, trialDays: TRIAL_DAYS, moneyBackDays: MONEY_BACK_DAYS, plans };
}

export interface PriceRow {
  plan: PlanCode;
  interval: BillingInterval;
  currency: string;
  minorUnits: number;
  unitAmount: number;
  stripePriceId: string | null;
}

export async function findPrice(db: Kysely<Database>, plan: PlanCode, interval: BillingInterval, currencyCode: string): Promise<PriceRow> {
  const currency = await requireCurrency(db, currencyCode);
  const row = await db
    .selectFrom('plan_prices')
    .innerJoin('plans', 'plans.code', 'plan_prices.plan')
    .select(['plan_prices.unit_amount', 'plan_prices.stripe_price_id'])
    .where('plan_prices.plan', '=', plan)
    .where('plan_prices.interval', '=', interval)
    .where('plan_prices.currency', '=', currency.code)
    .where('plan_prices.active', '=', true)
    .where('plans.active', '=', true)
    .executeTakeFirst();
  if (!row) throw badRequest('PRICE_NOT_FOUND', `No ${interval} price for ${plan} in ${currency.code}`);
  return { plan, interval, currency: currency.code, minorUnits: currency.minorUnits, unitAmount: row.unit_amount, stripePriceId: row.stripe_price_id };
}
