import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runBillingCycle } from './billing';
import checkoutRoutes from './checkout-routes';
import devBillingRoutes from './dev-billing-routes';
import hostedCheckoutRoutes from './hosted-checkout-routes';
import { createStripeClient } from './stripe-provider';
import stripeWebhookRoutes from './stripe-webhook-routes';
import subscriptionRoutes from './subscription-routes';

/** How often the billing job looks for ended trials and periods (charges happen at most this late). */
export const BILLING_JOB_INTERVAL_MS = 60_000;

/**
 * Payments: plans per currency and the account's subscription actions (subscription-routes.ts), the
 * checkout session (checkout-routes.ts: the local hosted page, hosted-checkout-routes.ts, or Stripe
 * Checkout), Stripe's webhook (stripe-webhook-routes.ts) and the local provider's billing job
 * (dev-billing-routes.ts runs it on demand in development). Publishes the provider in /config.json.
 */
async function paymentsPlugin(app: FastifyInstance): Promise<void> {
  const stripe = createStripeClient(app.env);
  const provider: 'local' | 'stripe' = stripe ? 'stripe' : 'local';
  app.publicSettings.paymentsProvider = provider;
  if (provider === 'local' && app.env.NODE_ENV === 'production') {
    app.log.warn('payments: the local provider moves no money; set STRIPE_SECRET_KEY to take real payments');
  }

  startBillingJob(app);

  await app.register(subscriptionRoutes, { stripe });
  await app.register(checkoutRoutes, { stripe, provider });
  await app.register(hostedCheckoutRoutes, { provider });
  await app.register(stripeWebhookRoutes, { stripe });
  await app.register(devBillingRoutes);
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

// Encapsulated: its hooks, parsers and handlers stay inside; named with what it needs from the app.
export default fp(paymentsPlugin, { name: 'payments', fastify: '5.x', encapsulate: true, dependencies: ['auth', 'env', 'database', 'clock', 'error-handler'] });
