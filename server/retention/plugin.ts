import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { finishErasures } from './erasure';
import { runRetention, type RetentionResult } from './job';
import { retentionPeriods } from './periods';
import { cronEvery } from '../jobs/cron';

/**
 * The retention job on the job queue (server/jobs/): every RETENTION_INTERVAL_MINUTES for all
 * instances together, at most one run at a time, retried with backoff; each run also finishes the
 * erasures a crash left half-way. The job's advisory lock stays as a second guard for runs started
 * by hand (npm run data:retention) beside the queue's. The run under way is the queue's to know
 * and to finish on close (server/jobs/plugin.ts), so this plugin keeps no promise of its own.
 */
async function retentionPlugin(app: FastifyInstance): Promise<void> {
  const periods = retentionPeriods(app.env);
  const run = async (): Promise<RetentionResult> => {
    const result = await runRetention(app.database, app.clock.now(), periods);
    if (Object.keys(result.deleted).length > 0 || result.vacuumed.length > 0) app.log.info({ retention: result }, 'retention job ran');
    const finished = await finishErasures(app.db, { stripe: app.stripe, now: app.clock.now(), settleMs: 0 }, (userId, error) =>
      app.log.error({ userId, err: error }, 'an unfinished erasure failed again'),
    );
    if (finished.length > 0) app.log.info({ userIds: finished }, 'erasures left unfinished were finished');
    return result;
  };
  app.jobs.define({
    name: 'retention',
    cron: cronEvery(app.env.RETENTION_INTERVAL_MINUTES),
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 30 * 60,
    run,
  });
}

export default fp(retentionPlugin, { name: 'retention', fastify: '5.x', dependencies: ['env', 'database', 'clock', 'jobs', 'stripe'] });
