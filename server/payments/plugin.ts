import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { getProfile } from '../api/profiles';
import { countryForIp } from '../geo/country';
import { AdjustableClock } from '../http/clock';
import { HttpError } from '../http/errors';
import { requireLocalDevelopment } from '../http/local-only';
import { publicOrigin } from '../http/public-origin';
import {
  cardUpdateRequestSchema,
  cardUpdateResponseSchema,
  checkoutSessionQuerySchema,
  checkoutSessionResponseSchema,
  plansQuerySchema,
  plansResponseSchema,
  subscriptionResponseSchema,
} from '../../core/contracts/payments';
import { currencyForCountry, defaultCurrency } from '../../core/payments/currency';
import { trialEnd } from '../../core/payments/trial';
import { nextChargeAmount, nextChargeAt, runBillingCycle } from './billing';
import { cardUpdateUrl, completeCardUpdate } from './card-update';
import { checkCard, type CardForm } from './cards';
import { checkoutCss, renderCheckoutPage, type PageContext } from './checkout-page';
import { CHECKOUT_SESSION_TTL_MS, completeLocalCheckout, findCheckoutSession, recordFailedAttempt, sessionState } from './local-checkout';
import { hasLiveSubscription, trialAvailable } from './subscription-life';
import { findCurrency, findPrice, listPlans } from './plans';
import { lookupPromotion } from './promotions';
import { createStripeCheckoutSession, createStripeClient } from './stripe-provider';
import { applyStripeEvent, syncReturnedCheckout } from './stripe-webhooks';
import { cancelSubscription, refundSubscription, resumeSubscription, subscriptionView } from './subscriptions';

/** How often the billing job looks for ended trials and periods (charges happen at most this late). */
export const BILLING_JOB_INTERVAL_MS = 60_000;

const lngSchema = z.enum(['en', 'fr']);
const pageParamsSchema = z.object({ id: z.string().max(64) });
const pageQuerySchema = z.object({ lng: lngSchema.optional().catch(undefined) });

/**
 * Payments: plans per currency, the checkout session (local hosted page or Stripe Checkout), the
 * local provider's billing job, the account's subscription actions and Stripe's webhook.
 */
async function paymentsPlugin(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const stripe = createStripeClient(app.env);
  const provider: 'local' | 'stripe' = stripe ? 'stripe' : 'local';
  app.publicSettings.paymentsProvider = provider;
  if (provider === 'local' && app.env.NODE_ENV === 'production') {
    app.log.warn('payments: the local provider moves no money; set STRIPE_SECRET_KEY to take real payments');
  }

  startBillingJob(app);

  r.get('/v1/subscription/plans', { config: { auth: 'public' }, schema: { querystring: plansQuerySchema, response: { 200: plansResponseSchema } } }, async (request, reply) => {
    // Prices change without a deploy and the paywall keeps them fresh for 1 s: revalidate every time.
    reply.header('cache-control', 'no-cache');
    return listPlans(app.db, request.query.currency);
  });

  r.get(
    '/v2/user/subscription/stripe/checkout-session',
    { schema: { querystring: checkoutSessionQuerySchema, response: { 200: checkoutSessionResponseSchema } } },
    async (request) => {
      const user = request.user!;
      const profile = await getProfile(app.db, user.id);
      if (profile?.kyc_status !== 'VALIDATED') throw new HttpError(403, 'KYC_REQUIRED', 'The identity check must be passed before checkout');
      if (await hasLiveSubscription(app.db, user.id)) throw new HttpError(409, 'ALREADY_SUBSCRIBED', 'This account already has a subscription');

      const { locale, interval, plan } = request.query;
      const currency = request.query.currency ?? (await currencyFromRequest(request));
      const price = await findPrice(app.db, plan, interval, currency);
      const now = app.clock.now();
      const promotion = await lookupPromotion(app.db, request.query.custom_code, now);
      const applied = promotion.kind === 'applied' ? promotion.promotion : null;
      const trial = await trialAvailable(app.db, user.id);
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
    },
  );

  // The account page's answer, after a read or an action: the subscription and whether a new plan
  // would start with the free trial.
  const answer = async (userId: string) => {
    const [subscription, trial] = await Promise.all([subscriptionView(app.db, userId, app.clock.now()), trialAvailable(app.db, userId)]);
    return { subscription, trialAvailable: trial };
  };

  r.get('/v1/subscription', { schema: { response: { 200: subscriptionResponseSchema } } }, async (request) => {
    const user = request.user!;
    return answer(user.id);
  });

  r.post('/v1/subscription/cancel', { schema: { response: { 200: subscriptionResponseSchema } } }, async (request) => {
    const user = request.user!;
    await cancelSubscription(app.db, stripe, user.id, app.clock.now());
    return answer(user.id);
  });

  r.post('/v1/subscription/resume', { schema: { response: { 200: subscriptionResponseSchema } } }, async (request) => {
    const user = request.user!;
    await resumeSubscription(app.db, stripe, user.id, app.clock.now());
    return answer(user.id);
  });

  r.post(
    '/v1/subscription/payment-method',
    { schema: { body: cardUpdateRequestSchema, response: { 200: cardUpdateResponseSchema } } },
    async (request) => {
      const user = request.user!;
      const url = await cardUpdateUrl(app.db, stripe, { userId: user.id, locale: request.body.locale, origin: publicOrigin(app), now: app.clock.now() });
      return { url };
    },
  );

  r.post('/v1/subscription/refund', { schema: { response: { 200: subscriptionResponseSchema } } }, async (request) => {
    const user = request.user!;
    await refundSubscription(app.db, stripe, user.id, app.clock.now());
    return answer(user.id);
  });

  r.get(
    '/checkout/stripe/return',
    { schema: { querystring: z.object({ session_id: z.string().regex(/^cs_[A-Za-z0-9_]{1,200}$/) }) } },
    async (request, reply) => {
      if (!stripe) throw new HttpError(404, 'NOT_FOUND', 'Stripe is not configured');
      let locale: 'en' | 'fr' | null = null;
      try {
        locale = await syncReturnedCheckout(app.db, stripe, request.query.session_id);
      } catch (error) {
        // The webhook will record it; the funnel shows its own state meanwhile.
        request.log.warn({ err: error }, 'stripe return: could not sync the checkout session');
      }
      return reply.status(303).header('location', `${publicOrigin(app)}/${locale ?? 'en'}/onboarding/next-steps`).send();
    },
  );

  await app.register(hostedCheckoutRoutes, { provider });
  await app.register(stripeWebhookRoutes, { stripe });
  await app.register(devBillingRoutes);
}

/**
 * `POST /dev/billing/run`: one billing pass now, for the browser tests that move the server's clock
 * (POST /dev/clock) past a trial end instead of waiting for the job's next minute. Registered only
 * where /dev/clock is (outside production, the adjustable clock) and answered only on this machine.
 */
async function devBillingRoutes(app: FastifyInstance): Promise<void> {
  if (app.env.NODE_ENV === 'production' || !(app.clock instanceof AdjustableClock)) return;
  // Not wrapped in fastify-plugin: the hook covers this route only.
  app.addHook('onRequest', async (request) => requireLocalDevelopment(app.env, request));
  app.post('/dev/billing/run', async () => runBillingCycle(app.db, app.clock.now()));
}

async function currencyFromRequest(request: FastifyRequest): Promise<string> {
  return currencyForCountry(await countryForIp(request.ip)) ?? defaultCurrency;
}

function startBillingJob(app: FastifyInstance): void {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runBillingCycle(app.db, app.clock.now())
      .then((result) => {
        if (result.charged || result.failed || result.canceled) app.log.info({ billing: result }, 'billing job ran');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'billing job failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, BILLING_JOB_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    tick();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/** The local provider's hosted page: GET shows it, POST takes the card (urlencoded form). */
async function hostedCheckoutRoutes(app: FastifyInstance, options: { provider: 'local' | 'stripe' }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  r.get('/checkout/assets/checkout.css', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    reply.type('text/css; charset=utf-8');
    return checkoutCss;
  });

  const context = async (request: FastifyRequest, id: string, lngOverride: 'en' | 'fr' | undefined): Promise<PageContext> => {
    const session = await findCheckoutSession(app.db, id);
    const lng = lngOverride ?? session?.locale ?? 'en';
    const currency = session ? await findCurrency(app.db, session.currency) : null;
    const promotion = session?.promotion_id
      ? await app.db.selectFrom('promotions').select('code').where('id', '=', session.promotion_id).executeTakeFirst()
      : undefined;
    const origin = publicOrigin(app);
    const page: PageContext = {
      lng,
      session,
      minorUnits: currency?.minorUnits ?? 2,
      trialEnd: trialEnd(app.clock.now()),
      promotionCode: promotion?.code ?? null,
      backUrl: session ? `${origin}/${lng}/onboarding/checkout-form?interval=${session.interval}&plan=${session.plan}` : `${origin}/${lng}/onboarding/checkout-form`,
      showTestCards: app.env.NODE_ENV !== 'production',
    };
    if (session?.purpose !== 'update_card' || !session.subscription_id) return page;
    const subscription = await app.db.selectFrom('subscriptions').selectAll().where('id', '=', session.subscription_id).executeTakeFirst();
    const chargeAt = subscription ? nextChargeAt(subscription) : null;
    const amount = subscription ? nextChargeAmount(subscription) : null;
    return {
      ...page,
      backUrl: accountUrl(origin),
      update: { dueNow: subscription?.status === 'past_due' ? amount : null, nextChargeAt: chargeAt, nextAmount: chargeAt ? amount : null },
    };
  };
  // The account page has no language segment: it shows the visitor's stored language.
  const accountUrl = (origin: string, result?: 'updated' | 'declined') => `${origin}/account${result ? `?card=${result}` : ''}`;

  const send = (reply: FastifyReply, status: number, html: string) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    return reply.status(status).type('text/html; charset=utf-8').send(html);
  };

  r.get('/checkout/:id', { schema: { params: pageParamsSchema, querystring: pageQuerySchema } }, async (request, reply) => {
    const page = await context(request, request.params.id, request.query.lng);
    if (options.provider !== 'local' || !page.session) return send(reply, 404, renderCheckoutPage({ ...page, session: null, message: 'notFound' }));
    const state = sessionState(page.session, app.clock.now());
    if (state === 'complete') {
      const continueUrl = page.update ? accountUrl(publicOrigin(app)) : `${publicOrigin(app)}/${page.lng}/onboarding/next-steps`;
      return send(reply, 410, renderCheckoutPage({ ...page, message: 'complete', continueUrl }));
    }
    if (state === 'expired') return send(reply, 410, renderCheckoutPage({ ...page, message: 'expired' }));
    return send(reply, 200, renderCheckoutPage(page));
  });

  r.post(
    '/checkout/:id',
    { schema: { params: pageParamsSchema, querystring: pageQuerySchema, body: z.record(z.string(), z.string()) } },
    async (request, reply) => {
      const page = await context(request, request.params.id, request.query.lng);
      if (options.provider !== 'local' || !page.session) return send(reply, 404, renderCheckoutPage({ ...page, session: null, message: 'notFound' }));
      const now = app.clock.now();
      const form = request.body as CardForm;
      const values = { name: typeof form.name === 'string' ? form.name.slice(0, 200) : '', expiry: typeof form.expiry === 'string' ? form.expiry.slice(0, 10) : '' };
      const check = checkCard(
        { name: values.name, number: String(form.number ?? '').slice(0, 40), expiry: values.expiry, cvc: String(form.cvc ?? '').slice(0, 10) },
        now,
        app.env.NODE_ENV === 'production',
      );
      if (sessionState(page.session, now) !== 'open') {
        return send(reply, 410, renderCheckoutPage({ ...page, message: sessionState(page.session, now) === 'complete' ? 'complete' : 'expired' }));
      }
      if (!check.ok) {
        await recordFailedAttempt(app.db, page.session.id);
        return send(reply, 422, renderCheckoutPage({ ...page, values, fieldErrors: check.errors }));
      }
      if (page.update) {
        const updated = await completeCardUpdate(app.db, page.session.id, check.card, now);
        const origin = publicOrigin(app);
        switch (updated.kind) {
          case 'updated':
            request.log.info({ charge: updated.charge }, 'local card updated');
            return reply
              .status(303)
              .header('location', accountUrl(origin, updated.charge === 'failed' || updated.charge === 'canceled' ? 'declined' : 'updated'))
              .header('cache-control', 'no-store')
              .send();
          case 'declined':
            await recordFailedAttempt(app.db, page.session.id);
            return send(reply, 402, renderCheckoutPage({ ...page, values, declined: updated.code }));
          case 'gone':
            return send(reply, 410, renderCheckoutPage({ ...page, message: updated.state, continueUrl: accountUrl(origin) }));
        }
      }
      const outcome = await completeLocalCheckout(app.db, page.session.id, check.card, now);
      const nextSteps = `${publicOrigin(app)}/${page.lng}/onboarding/next-steps`;
      switch (outcome.kind) {
        case 'subscribed':
          request.log.info({ subscriptionId: outcome.subscriptionId }, 'local checkout: trial started');
          return reply.status(303).header('location', nextSteps).header('cache-control', 'no-store').send();
        case 'declined':
          await recordFailedAttempt(app.db, page.session.id);
          return send(reply, 402, renderCheckoutPage({ ...page, values, declined: outcome.code }));
        case 'already_subscribed':
          return send(reply, 409, renderCheckoutPage({ ...page, message: 'alreadySubscribed', continueUrl: nextSteps }));
        case 'gone':
          return send(
            reply,
            410,
            renderCheckoutPage({ ...page, message: outcome.state, ...(outcome.state === 'complete' ? { continueUrl: nextSteps } : {}) }),
          );
      }
    },
  );
}

/** POST /webhooks/stripe: the raw body is kept (signatures are over the exact bytes). */
async function stripeWebhookRoutes(app: FastifyInstance, options: { stripe: Stripe | null }): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => {
    done(null, body);
  });
  app.post('/webhooks/stripe', async (request, reply) => {
    const { stripe } = options;
    const secret = app.env.STRIPE_WEBHOOK_SECRET;
    if (!stripe || !secret) throw new HttpError(404, 'WEBHOOKS_DISABLED', 'Stripe is not configured');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new HttpError(400, 'INVALID_SIGNATURE', 'Missing Stripe signature');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, secret);
    } catch {
      throw new HttpError(400, 'INVALID_SIGNATURE', 'The Stripe signature does not match');
    }
    const result = await applyStripeEvent(app.db, stripe, event);
    request.log.info({ eventId: event.id, type: event.type, ...result }, 'stripe webhook');
    return reply.send({ received: true, duplicate: result.duplicate });
  });
}

// Encapsulated: its hooks, parsers and handlers stay inside; named with what it needs from the app.
export default fp(paymentsPlugin, { name: 'payments', fastify: '5.x', encapsulate: true, dependencies: ['auth', 'env', 'database', 'clock', 'error-handler'] });
