import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStripeClient } from '../payments/stripe-provider';
import { finishErasures } from './erasure';
import { runRetention, type RetentionResult } from './job';
import { retentionPeriods } from './periods';

declare module 'fastify' {
  interface FastifyInstance {
    /** The retention job's run under way, if any (tests wait for it; the server waits for it on close). */
    retentionRun: () => Promise<RetentionResult | null>;
  }
}

/**
 * Runs the retention job every RETENTION_INTERVAL_MINUTES, as the billing job is run: a timer that
 * does not keep the process alive, one run at a time in this process, the last one awaited on close.
 * Several instances on one Postgres take turns through the job's advisory lock.
 */
async function retentionPlugin(app: FastifyInstance): Promise<void> {
  const periods = retentionPeriods(app.env);
  const stripe = createStripeClient(app.env);
  let running: Promise<RetentionResult | null> | null = null;
  const tick = () => {
    if (running) return;
    running = runRetention(app.database, app.clock.now(), periods)
      .then(async (result) => {
        if (Object.keys(result.deleted).length > 0 || result.vacuumed.length > 0) app.log.info({ retention: result }, 'retention job ran');
        const finished = await finishErasures(app.db, { stripe, now: app.clock.now(), settleMs: 0 }, (userId, error) =>
          app.log.error({ userId, err: error }, 'an unfinished erasure failed again'),
        );
        if (finished.length > 0) app.log.info({ userIds: finished }, 'erasures left unfinished were finished');
        return result;
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'retention job failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, app.env.RETENTION_INTERVAL_MINUTES * 60_000);
  timer.unref();
  app.decorate('retentionRun', async () => (running ? running : null));
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(retentionPlugin, { name: 'retention', fastify: '5.x', dependencies: ['env', 'database', 'clock'] });
