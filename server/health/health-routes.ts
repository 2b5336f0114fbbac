import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadMigrations } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks the process as leaving: /readyz answers 503 from now on so the load balancer stops sending. */
    startDraining: () => void;
  }
}

/**
 * Liveness says the process answers; readiness says this instance should be sent traffic: its
 * database answers, every migration this build knows is applied, and it is not shutting down.
 */
async function healthRoutes(app: FastifyInstance): Promise<void> {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  const known = loadMigrations().map((migration) => migration.version);

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    const database = app.database.kind;
    if (draining) return reply.status(503).send({ status: 'draining', database });
    try {
      const applied = new Set((await app.db.selectFrom('schema_migrations').select('version').execute()).map((row) => row.version));
      const pending = known.filter((version) => !applied.has(version));
      if (pending.length > 0) return reply.status(503).send({ status: 'migrations_pending', database, pending });
      return { status: 'ok', database };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable', database });
    }
  });
}

export default fp(healthRoutes, { name: 'health', fastify: '5.x', dependencies: ['database'] });
