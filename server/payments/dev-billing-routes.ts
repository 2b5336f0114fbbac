import type { FastifyInstance } from 'fastify';
import { AdjustableClock } from '../http/clock';
import { requireLocalDevelopment } from '../http/local-only';
import { runBillingCycle } from './billing';

/**
 * `POST /dev/billing/run`: one billing pass now, for the browser tests that move the server's clock
 * (POST /dev/clock) past a trial end instead of waiting for the job's next minute. Registered only
 * where /dev/clock is (outside production, the adjustable clock) and answered only on this machine.
 */
export default async function devBillingRoutes(app: FastifyInstance): Promise<void> {
  if (app.env.NODE_ENV === 'production' || !(app.clock instanceof AdjustableClock)) return;
  // Not wrapped in fastify-plugin: the hook covers this route only.
  app.addHook('onRequest', async (request) => requireLocalDevelopment(app.env, request));
  app.post('/dev/billing/run', async () => runBillingCycle(app.db, app.clock.now()));
}
