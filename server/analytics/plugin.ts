import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import adminRoutes from './admin-routes';
import { ensureIngestKey } from './api-keys';
import ingestRoutes from './ingest-routes';

/**
 * The analytics capability: an Amplitude HTTP V2 compatible ingest under /analytics (the SPA's
 * clients post there unless AMPLITUDE_API_KEY sends them to Amplitude EU) and the team's funnel
 * report under /admin. Publishes the ingest's public api key in /config.json.
 */
async function analyticsPlugin(app: FastifyInstance): Promise<void> {
  app.publicSettings.analyticsApiKey = await ensureIngestKey(app.db);
  await app.register(ingestRoutes, { prefix: '/analytics' });
  await app.register(adminRoutes);
}

// Encapsulated: its hooks, parsers and handlers stay inside; named with what it needs from the app.
export default fp(analyticsPlugin, { name: 'analytics', fastify: '5.x', encapsulate: true, dependencies: ['env', 'database', 'clock', 'rate-limit', 'error-handler'] });
