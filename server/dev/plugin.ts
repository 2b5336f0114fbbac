import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireLocalDevelopment } from '../http/local-only';
import clockRoutes from './clock-routes';
import { startDevIdentityProviderWith } from './identity-provider-hook';
import outboxRoutes from './outbox-routes';

/**
 * Development-only helpers: the dev outbox (outbox-routes.ts), the adjustable clock
 * (clock-routes.ts) and the test identity provider (identity-provider.ts). Not registered at all when NODE_ENV=production, and otherwise answered only on
 * this machine (see `requireLocalDevelopment`).
 */
async function devPlugin(app: FastifyInstance): Promise<void> {
  if (app.env.NODE_ENV === 'production') return;
  // Encapsulated (fastify-plugin with encapsulate: true): the hook covers its routes only.
  app.addHook('onRequest', async (request) => requireLocalDevelopment(app.env, request));
  await app.register(outboxRoutes);
  await app.register(clockRoutes);
  startDevIdentityProviderWith(app);
}

// Encapsulated: its hooks, parsers and handlers stay inside; named with what it needs from the app.
export default fp(devPlugin, { name: 'dev', fastify: '5.x', encapsulate: true, dependencies: ['auth', 'env', 'clock', 'error-handler'] });
