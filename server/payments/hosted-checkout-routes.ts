import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOrigin } from '../http/public-origin';
import { trialEnd } from '../../core/payments/trial';
import { nextChargeAmount, nextChargeAt } from './billing';
import { completeCardUpdate } from './card-update';
import { checkCard, testCards, type CardCheck, type CardForm } from './cards';
import { checkoutCss, renderCheckoutPage, type PageContext } from './checkout-page';
import { checkoutScript } from './checkout-script';
import { completeLocalCheckout, findCheckoutSession, recordFailedAttempt, sessionState, type TrialProof } from './local-checkout';
import { findCurrency } from './plans';
import type { TrialMarks } from './trial-marks';

type Provider = 'local' | 'stripe';
type CheckedCard = Extract<CardCheck, { ok: true }>['card'];
/** A page with its session found: the one a card is posted to. */
type OpenPage = PageContext & { session: NonNullable<PageContext['session']> };

const lngSchema = z.enum(['en', 'fr']);
const pageParamsSchema = z.object({ id: z.string().max(64) });
const pageQuerySchema = z.object({ lng: lngSchema.optional().catch(undefined) });

/** The local provider's hosted page: GET shows it, POST takes the card (urlencoded form). */
export default async function hostedCheckoutRoutes(app: FastifyInstance, options: { provider: Provider; marks: TrialMarks }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  r.get('/checkout/assets/checkout.css', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    reply.type('text/css; charset=utf-8');
    return checkoutCss;
  });

  r.get('/checkout/assets/checkout.js', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    reply.type('text/javascript; charset=utf-8');
    return checkoutScript;
  });

  r.get('/checkout/:id', { schema: { params: pageParamsSchema, querystring: pageQuerySchema } }, async (request, reply) => {
    const page = await pageContext(app, request.params.id, request.query.lng);
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
      const page = await pageContext(app, request.params.id, request.query.lng);
      if (options.provider !== 'local' || !page.session) return send(reply, 404, renderCheckoutPage({ ...page, session: null, message: 'notFound' }));
      return takeCard(app, request, reply, { ...page, session: page.session }, request.body as CardForm, options.marks);
    },
  );
}

/** What the page shows for a checkout session (or for none): its plan, language, trial or card-update summary. */
async function pageContext(app: FastifyInstance, id: string, lngOverride: 'en' | 'fr' | undefined): Promise<PageContext> {
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
}

/** The account page has no language segment: it shows the visitor's stored language. */
function accountUrl(origin: string, result?: 'updated' | 'declined'): string {
  return `${origin}/account${result ? `?card=${result}` : ''}`;
}

/** The page's HTML, never cached, never framed, and no referrer to leave it with. */
function send(reply: FastifyReply, status: number, html: string): FastifyReply {
  reply.header('cache-control', 'no-store');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-frame-options', 'DENY');
  return reply.status(status).type('text/html; charset=utf-8').send(html);
}

/** `POST /checkout/{id}`: the card posted, checked, then a card update or a trial checkout completed. */
async function takeCard(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, page: OpenPage, form: CardForm, marks: TrialMarks): Promise<FastifyReply> {
  const now = app.clock.now();
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
  if (page.update) return updateCard(app, request, reply, page, values, check.card, now);
  // The local provider's card fingerprint: its number (only its keyed hash is kept, in trial_marks).
  // The documented test cards are everyone's (refused in production): they name no one's card.
  const digits = String(form.number ?? '').replace(/[\s-]/g, '');
  const proof = { marks, cardFingerprint: testCards[digits] ? null : digits };
  return startTrial(app, request, reply, page, values, { card: check.card, proof }, now);
}

/** A new card for an existing subscription: back to the account page, or the page again with why not. */
async function updateCard(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, page: OpenPage, values: PageContext['values'], card: CheckedCard, now: Date): Promise<FastifyReply> {
  const updated = await completeCardUpdate(app.db, page.session.id, card, now);
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

/** The checkout completed: the trial starts and the payer goes on to next steps, or sees the page again with why not. */
async function startTrial(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  page: OpenPage,
  values: PageContext['values'],
  given: { card: CheckedCard; proof: TrialProof },
  now: Date,
): Promise<FastifyReply> {
  const outcome = await completeLocalCheckout(app.db, page.session.id, given.card, now, given.proof);
  const nextSteps = `${publicOrigin(app)}/${page.lng}/onboarding/next-steps`;
  switch (outcome.kind) {
    case 'subscribed':
      request.log.info({ subscriptionId: outcome.subscriptionId }, 'local checkout: trial started');
      if (page.session.trial) app.metrics.trialsStarted.inc({ plan: page.session.plan });
      return reply.status(303).header('location', nextSteps).header('cache-control', 'no-store').send();
    case 'declined':
      await recordFailedAttempt(app.db, page.session.id);
      return send(reply, 402, renderCheckoutPage({ ...page, values, declined: outcome.code }));
    case 'trial_used':
      // The session now charges at once: the page shows today's total and says why (as a refusal would).
      return send(reply, 409, renderCheckoutPage({ ...page, session: { ...page.session, trial: false }, values, declined: 'trial_used' }));
    case 'already_subscribed':
      return send(reply, 409, renderCheckoutPage({ ...page, message: 'alreadySubscribed', continueUrl: nextSteps }));
    case 'gone':
      return send(
        reply,
        410,
        renderCheckoutPage({ ...page, message: outcome.state, ...(outcome.state === 'complete' ? { continueUrl: nextSteps } : {}) }),
      );
  }
}
