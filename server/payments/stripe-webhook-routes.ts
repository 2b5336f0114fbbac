import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { HttpError } from '../http/errors';
import { applyStripeEvent } from './stripe-webhooks';
import type { TrialMarks } from './trial-marks';

/** POST /webhooks/stripe: the raw body is kept (signatures are over the exact bytes). */
export default async function stripeWebhookRoutes(app: FastifyInstance, options: { stripe: Stripe | null; marks: TrialMarks }): Promise<void> {
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
    const result = await applyStripeEvent(app.db, stripe, event, options.marks);
    request.log.info({ eventId: event.id, type: event.type, ...result }, 'stripe webhook');
    return reply.send({ received: true, duplicate: result.duplicate });
  });
}
