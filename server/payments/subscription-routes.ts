import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { publicOrigin } from '../http/public-origin';
import { cardUpdateRequestSchema, cardUpdateResponseSchema, plansQuerySchema, plansResponseSchema, subscriptionResponseSchema } from '../../core/contracts/payments';
import { cardUpdateUrl } from './card-update';
import { listPlans } from './plans';
import { trialAvailable } from './subscription-life';
import type { TrialMarks } from './trial-marks';
import { cancelSubscription, refundSubscription, resumeSubscription, subscriptionView } from './subscriptions';

/**
 * `/v1/subscription`: the plans (public) and the signed-in account's subscription, with its
 * actions (cancel, resume, new card, refund) through the local provider or Stripe.
 */
export default async function subscriptionRoutes(app: FastifyInstance, options: { stripe: Stripe | null; marks: TrialMarks }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { stripe, marks } = options;

  r.get('/v1/subscription/plans', { config: { auth: 'public' }, schema: { querystring: plansQuerySchema, response: { 200: plansResponseSchema } } }, async (request, reply) => {
    // Prices change without a deploy and the paywall keeps them fresh for 1 s: revalidate every time.
    reply.header('cache-control', 'no-cache');
    return listPlans(app.db, request.query.currency);
  });

  // The account page's answer, after a read or an action: the subscription and whether a new plan
  // would start with the free trial.
  const answer = async (userId: string) => {
    const [subscription, trial] = await Promise.all([subscriptionView(app.db, userId, app.clock.now()), trialAvailable(app.db, userId, marks)]);
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
}
