import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, parseEnv } from './config/env';
import { projectRoot } from './config/project-root';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { AdjustableClock, systemClock } from './http/clock';
import { createLogger } from './logger';
import { startTracing } from './observability/tracing';

async function main(): Promise<void> {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  // Before anything else is built, so the request and statement spans wrap all of it.
  const tracing = await startTracing(env);
  const logger = createLogger(env, { traceIds: tracing !== null });
  const database = openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, onConnectionError: (error) => logger.warn({ reason: error.message }, 'database connection lost; the pool reconnects') }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  try {
    const applied = await migrate(database.db);
    if (applied.length > 0) logger.info({ applied }, 'database migrated');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const where = env.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR=${env.DATA_DIR}`;
    process.stderr.write(`Cannot open the database (${where}): ${reason}\n`);
    await database.close().catch(() => undefined);
    process.exit(1);
  }

  const clientDir = join(projectRoot(), 'dist', 'client');
  // Outside production the clock can be moved forward from this machine (POST /dev/clock) so the
  // browser tests need not sleep through cooldowns.
  const clock = env.NODE_ENV === 'production' ? systemClock : new AdjustableClock();
  const app = await buildApp({ env, database, logger, clientDir, ownsDatabase: true, clock, tracing });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Readiness first (/readyz 503), so a load balancer stops sending here; then, after the drain
    // delay it takes to notice, app.close stops accepting, waits for the requests in flight (a
    // greeting being made too), runs onClose hooks (the job under way finishes), closes the database.
    app.startDraining();
    if (env.SHUTDOWN_DRAIN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_DELAY_MS));
    await app.close();
    // The spans of the last requests are sent before the process goes.
    await tracing?.shutdown().catch((error: unknown) => logger.warn({ err: error }, 'traces could not be flushed'));
    logger.info('shut down cleanly');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host: env.HOST, port: env.PORT });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Cannot listen on ${env.HOST}:${env.PORT}: ${reason}\n`);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  process.stdout.write(`\n  Ready: http://${shownHost}:${port}/  (${database.kind}, ${env.NODE_ENV})\n\n`);
}

void main();
