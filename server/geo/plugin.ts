import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import countryRoutes from './country-routes';

/** The geo capability: `GET /geo/country` (country-routes.ts). */
async function geoPlugin(app: FastifyInstance): Promise<void> {
  await app.register(countryRoutes);
}

// Encapsulated: its hooks, parsers and handlers stay inside; named with what it needs from the app.
export default fp(geoPlugin, { name: 'geo', fastify: '5.x', encapsulate: true, dependencies: ['error-handler'] });
