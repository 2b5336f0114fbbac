import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from './clock';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

/** `app.clock`: the system clock unless the caller gives one (tests, the adjustable clock in development). */
async function clockPlugin(app: FastifyInstance, options: { clock?: Clock }): Promise<void> {
  app.decorate('clock', options.clock ?? systemClock);
}

export default fp(clockPlugin, { name: 'clock', fastify: '5.x' });
