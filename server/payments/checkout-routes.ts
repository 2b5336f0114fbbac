import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { countryForIp } from '../geo/country';
import { HttpError } from '../http/errors';
import { publicOrigin } from '../http/public-origin';
import { checkoutSessionQuerySchema, checkoutSessionResponseSchema } from '../../core/contracts/payments';
import { currencyForCountry, defaultCurrency } from '../../core/payments/currency';
import { CHECKOUT_SESSION_TTL_MS } from './local-checkout';
import { findPrice } from './plans';
import { lookupPromotion } from './promotions';
import { createStripeCheckoutSession } from './stripe-provider';
import { syncReturnedCheckout } from './stripe-webhooks';
import { hasLiveSubscription, trialAvailable } from './subscription-life';
import type { TrialMarks } from './trial-marks';

/** The profile facts checkout needs: the identity check's outcome and the address it was given. */
export type ProfileReader = (db: Kysely<Database>, userId: string) => Promise<{ kyc_status: string | null; email: string | null } | null>;

interface CheckoutOptions {
  stripe: Stripe | null;
  provider: 'local' | 'stripe';
  marks: TrialMarks;
  readProfile: ProfileReader;
}

const stripeReturnQuerySchema = z.object({ session_id: z.string().regex(/^cs_[A-Za-z0-9_]{1,200}$/) });

/**
 * The checkout session: `GET /v2/user/subscription/stripe/checkout-session` opens one (the local
 * hosted page, or Stripe Checkout) and `GET /checkout/stripe/return` brings a Stripe payer back.
 */
export default async function checkoutRoutes(app: FastifyInstance, options: CheckoutOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { stripe } = options;

  r.get(
    '/v2/user/subscription/stripe/checkout-session',
    { schema: { querystring: checkoutSessionQuerySchema, response: { 200: checkoutSessionResponseSchema } } },
    async (request) => openCheckoutSession(app, options, request, request.query),
  );

  r.get('/checkout/stripe/return', { schema: { querystring: stripeReturnQuerySchema } }, async (request, reply) => {
    if (!stripe) throw new HttpError(404, 'NOT_FOUND', 'Stripe is not configured');
    let locale: 'en' | 'fr' | null = null;
    try {
      locale = await syncReturnedCheckout(app.db, stripe, request.query.session_id, options.marks);
    } catch (error) {
      // The webhook will record it; the funnel shows its own state meanwhile.
      request.log.warn({ err: error }, 'stripe return: could not sync the checkout session');
    }
    return reply.status(303).header('location', `${publicOrigin(app)}/${locale ?? 'en'}/onboarding/next-steps`).send();
  });
}

/**
 * A checkout session for a person who passed the identity check and has no subscription yet: the
 * price in the asked (or their country's) currency, the promotion of `custom_code` if it applies,
 * the free trial if still available; with Stripe, its Checkout session too.
 */
async function openCheckoutSession(
  app: FastifyInstance,
  { stripe, provider, marks, readProfile }: CheckoutOptions,
  request: FastifyRequest,
  query: z.infer<typeof checkoutSessionQuerySchema>,
) {
  const user = request.user!;
  const profile = await readProfile(app.db, user.id);
  if (profile?.kyc_status !== 'VALIDATED') throw new HttpError(403, 'KYC_REQUIRED', 'The identity check must be passed before checkout');
  if (await hasLiveSubscription(app.db, user.id)) throw new HttpError(409, 'ALREADY_SUBSCRIBED', 'This account already has a subscription');

  const { locale, interval, plan } = query;
  const currency = query.currency ?? (await currencyFromRequest(request));
  const price = await findPrice(app.db, plan, interval, currency);
  const now = app.clock.now();
  const promotion = await lookupPromotion(app.db, query.custom_code, now);
  const applied = promotion.kind === 'applied' ? promotion.promotion : null;
  const trial = await trialAvailable(app.db, user.id, marks);
  const note = promotion.kind === 'ignored' ? promotion.note : null;
  if (note) request.log.info({ note }, 'checkout: custom_code ignored');

  const session = await app.db
    .insertInto('checkout_sessions')
    .values({
      user_id: user.id,
      provider,
      plan,
      interval,
      currency: price.currency,
      unit_amount: price.unitAmount,
      promotion_id: applied?.id ?? null,
      percent_off: applied?.percent_off ?? null,
      locale,
      trial,
      expires_at: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const origin = publicOrigin(app);
  let url = `${origin}/checkout/${session.id}`;
  if (stripe) {
    const created = await createStripeCheckoutSession(app.db, stripe, {
      sessionId: session.id,
      user: { id: user.id, email: user.email ?? profile.email },
      price,
      seats: 1,
      promotion: applied,
      locale,
      // Back through this server first, which records the trial before next-steps asks for it.
      successUrl: `${origin}/checkout/stripe/return?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/${locale}/onboarding/checkout-form?interval=${interval}&plan=${plan}`,
      trial,
    });
    await app.db.updateTable('checkout_sessions').set({ provider_ref: created.id }).where('id', '=', session.id).execute();
    url = created.url;
  }
  return {
    url,
    provider,
    note,
    promotion: applied ? { code: applied.code, percentOff: applied.percent_off } : null,
  };
}

async function currencyFromRequest(request: FastifyRequest): Promise<string> {
  return currencyForCountry(await countryForIp(request.ip)) ?? defaultCurrency;
}
