import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import { createStripeClient } from './stripe-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one Stripe client of the app (null without STRIPE_SECRET_KEY): payments, erasure and retention share it. */
    stripe: Stripe | null;
  }
}

/**
 * The Stripe client, made once. Payments takes payments with it, and an erasure (the API's DELETE
 * /v1/user and /admin/erasures, the retention job's unfinished ones) cancels the person's
 * subscription with it: one client, one set of options and one span per request (stripe-provider.ts).
 * Registered with the infrastructure, before the capabilities that name it among their dependencies.
 */
async function stripePlugin(app: FastifyInstance): Promise<void> {
  app.decorate('stripe', createStripeClient(app.env));
}

export default fp(stripePlugin, { name: 'stripe', fastify: '5.x', dependencies: ['env'] });
