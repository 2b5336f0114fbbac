import type { FastifyInstance } from 'fastify';

/** Liveness says the process answers; readiness says it can reach its database. */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ok', database: app.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable', database: app.database.kind });
    }
  });
}
