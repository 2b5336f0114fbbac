import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runBillingCycle } from './billing';
import checkoutRoutes from './checkout-routes';
import devBillingRoutes from './dev-billing-routes';
import hostedCheckoutRoutes from './hosted-checkout-routes';
import promotionRoutes from './promotion-routes';
import { loadAuthSecret } from '../auth/secret';
import stripeWebhookRoutes from './stripe-webhook-routes';
import subscriptionRoutes from './subscription-routes';
import { TrialMarks } from './trial-marks';
import type { ProfileReader } from './checkout-routes';

export interface PaymentsOptions {
  /** The person's profile (identity check outcome, email), from the API's table: given by server/app.ts. */
  readProfile: ProfileReader;
}


/**
 * Payments: plans per currency and the account's subscription actions (subscription-routes.ts), the
 * checkout session (checkout-routes.ts: the local hosted page, hosted-checkout-routes.ts, or Stripe
 * Checkout), Stripe's webhook (stripe-webhook-routes.ts) and the local provider's billing job
 * (dev-billing-routes.ts runs it on demand in development). Publishes the provider in /config.json.
 */
async function paymentsPlugin(app: FastifyInstance, options: PaymentsOptions): Promise<void> {
  const stripe = app.stripe;
  const provider: 'local' | 'stripe' = stripe ? 'stripe' : 'local';
  app.publicSettings.paymentsProvider = provider;
  if (provider === 'local' && app.env.NODE_ENV === 'production') {
    app.log.warn('payments: the local provider moves no money; set STRIPE_SECRET_KEY to take real payments');
  }

  defineBillingJob(app);
  // Who had a free trial, by keyed hash (#37.4): one key for every route of this instance.
  const marks = new TrialMarks(loadAuthSecret(app.env));

  await app.register(subscriptionRoutes, { stripe, marks });
  await app.register(checkoutRoutes, { stripe, provider, marks, readProfile: options.readProfile });
  await app.register(hostedCheckoutRoutes, { provider, marks });
  await app.register(stripeWebhookRoutes, { stripe, marks });
  await app.register(promotionRoutes);
  await app.register(devBillingRoutes);
}

/**
 * The local provider's billing job on the job queue (server/jobs/): every minute for all instances
 * together, at most one run at a time, retried with backoff. A run charges each due subscription in
 * its own transaction with the row locked, and one paid charge per period is a unique index
 * (migration 1050): a run killed mid-way, or two runs at once, never charge a period twice.
 */
function defineBillingJob(app: FastifyInstance): void {
  app.jobs.define({
    name: 'billing',
    cron: '* * * * *',
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 15 * 60,
    async run() {
      const result = await runBillingCycle(app.db, app.clock.now());
      app.metrics.chargeAttempts.inc({ outcome: 'paid' }, result.charged);
      app.metrics.chargeAttempts.inc({ outcome: 'failed' }, result.failed);
      if (result.charged || result.failed || result.canceled) app.log.info({ billing: result }, 'billing job ran');
      return result;
    },
  });
}

// Encapsulated: its hooks, parsers and handlers stay inside; named with what it needs from the app.
export default fp<PaymentsOptions>(paymentsPlugin, { name: 'payments', fastify: '5.x', encapsulate: true, dependencies: ['auth', 'env', 'database', 'clock', 'error-handler', 'jobs', 'metrics', 'stripe'] });
