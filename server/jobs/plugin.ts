import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type PgBoss from 'pg-boss';
import { traced } from '../observability/tracing';
import { InFlight } from './in-flight';
import { createJobQueue } from './queue';

/** A background job: what it is called, when it runs (cron, UTC, minute precision), how it retries. */
export interface JobDefinition {
  name: string;
  cron: string;
  /** Tries after the first failure; each waits twice as long as the one before, from retryDelaySeconds. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A run taking longer than this is failed (and retried): a stuck run cannot hold the job for ever. */
  expireInSeconds: number;
  /** The work; what it returns is kept as the run's output in the history. */
  run: () => Promise<object | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      /** Declares a job; capabilities call it while they register, the queue starts once the app is ready. */
      define(job: JobDefinition): void;
      /** Queues a run now (the admin page's "run now", tests); null when one is already waiting. */
      runNow(name: string): Promise<string | null>;
    };
  }
}

/**
 * Background jobs on a Postgres queue (pg-boss): every instance works the same queues, the schedule
 * fires once a minute for all of them together, a queue holds at most one waiting and one running run
 * ('stately'), a failed run is retried with backoff and stays in the history, and each run is counted
 * in the metrics (job_runs_total, job_last_success_timestamp_seconds). On close the run under way is
 * finished before the database goes.
 */
export interface JobsOptions {
  /** How often an idle worker asks the queue for a run (pg-boss' floor is 0.5 s); tests shorten it. */
  pollingIntervalSeconds?: number;
}

async function jobsPlugin(app: FastifyInstance, options: JobsOptions = {}): Promise<void> {
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const jobs = new Map<string, JobDefinition>();
  let boss: PgBoss | null = null;
  const inFlight = new InFlight();

  app.decorate('jobs', {
    define(job: JobDefinition) {
      if (boss) throw new Error(`job ${job.name} defined after the queue started`);
      jobs.set(job.name, job);
    },
    async runNow(name: string) {
      if (!boss) throw new Error('the job queue has not started');
      return boss.send(name, {});
    },
  });

  app.addHook('onReady', async () => {
    if (jobs.size === 0) return;
    boss = createJobQueue(app.db, inFlight);
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    await boss.start();
    for (const job of jobs.values()) await startJob(app, boss, inFlight, job, pollingIntervalSeconds);
  });

  app.addHook('onClose', async () => {
    if (!boss) return;
    const deadline = Date.now() + app.env.SHUTDOWN_TIMEOUT_MS;
    // graceful: the run under way finishes (a charge is never cut in half by a deploy).
    await boss.stop({ graceful: true, wait: true, close: false, timeout: app.env.SHUTDOWN_TIMEOUT_MS });
    // pg-boss' stop does not wait for a fetch under way nor for a run's end being written.
    if (!(await inFlight.settled(deadline))) app.log.warn('job queue work still under way when the shutdown timeout ran out');
  });
}

/**
 * The queue and its schedule, made or updated. Instances starting together on one Postgres make the
 * same queue at once (a partition of pg-boss' job table) and one of them can be chosen as a deadlock
 * victim or lose the race to create it: both end once the other has finished, so it is tried again.
 */
async function declareQueue(boss: PgBoss, job: JobDefinition): Promise<void> {
  const queue = { name: job.name, policy: 'stately' as const, retryLimit: job.retryLimit, retryDelay: job.retryDelaySeconds, retryBackoff: true, expireInSeconds: job.expireInSeconds };
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, queue);
      else await boss.createQueue(job.name, queue);
      await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      const racing = code === '40P01' || code === '23505' || code === '42P07';
      if (!racing || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

async function startJob(app: FastifyInstance, boss: PgBoss, inFlight: InFlight, job: JobDefinition, pollingIntervalSeconds: number): Promise<void> {
  await declareQueue(boss, job);
  await boss.work(job.name, { pollingIntervalSeconds, batchSize: 1 }, () => inFlight.track(runJob(app, job)));
}

async function runJob(app: FastifyInstance, job: JobDefinition): Promise<object | null> {
  try {
    const output = await traced(`job ${job.name}`, { 'job.name': job.name }, () => job.run());
    app.metrics.jobRuns.inc({ job: job.name, outcome: 'ok' });
    app.metrics.jobLastSuccess.set({ job: job.name }, Date.now() / 1000);
    return output;
  } catch (error) {
    app.metrics.jobRuns.inc({ job: job.name, outcome: 'failed' });
    app.log.error({ err: error, job: job.name }, 'job run failed; the queue retries it with backoff');
    throw error;
  }
}

export default fp(jobsPlugin, { name: 'jobs', fastify: '5.x', dependencies: ['env', 'database', 'metrics'] });
