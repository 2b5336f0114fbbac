import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import identityRoutes from './identity-routes';

/** The functions capability: the identity-check step's two calls under /functions/v1 (identity-routes.ts). */
async function functionsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(identityRoutes);
}

// Encapsulated: its hooks, parsers and handlers stay inside; named with what it needs from the app.
export default fp(functionsPlugin, { name: 'functions', fastify: '5.x', encapsulate: true, dependencies: ['auth', 'database', 'error-handler'] });
