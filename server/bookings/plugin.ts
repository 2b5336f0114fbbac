import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import bookingsRoutes from './bookings-routes';

/** The bookings capability: demo calls with a founder and the team's list of them (bookings-routes.ts). */
async function bookingsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(bookingsRoutes);
}

// Encapsulated: its hooks, parsers and handlers stay inside; named with what it needs from the app.
export default fp(bookingsPlugin, { name: 'bookings', fastify: '5.x', encapsulate: true, dependencies: ['env', 'database', 'clock', 'rate-limit', 'error-handler'] });
