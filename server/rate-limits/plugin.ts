import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimitStore } from './fastify-store';
import { DatabaseHitCounter, MemoryHitCounter, type HitCounter } from './hit-counter';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every rate limit counts here (auth rules and route limits alike). */
    hitCounter: HitCounter;
  }
}

/**
 * `app.hitCounter`: in the database when several instances share it (RATE_LIMIT_STORE=database, the
 * default with DATABASE_URL), else in this process's memory.
 */
async function decorateHitCounter(app: FastifyInstance): Promise<void> {
  const shared = (app.env.RATE_LIMIT_STORE ?? (app.env.DATABASE_URL ? 'database' : 'memory')) === 'database';
  const counter: HitCounter = shared ? new DatabaseHitCounter(app.db, app.clock) : new MemoryHitCounter(app.clock);
  app.decorate('hitCounter', counter);
}

export const hitCounterPlugin = fp(decorateHitCounter, { name: 'hit-counter', fastify: '5.x', dependencies: ['env', 'database', 'clock'] });

/** Route limits, once for the whole app: routes opt in with `config.rateLimit`, counted per client address. */
async function routeRateLimitPlugin(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false, store: rateLimitStore(app.hitCounter, app.clock) });
}

export const rateLimitPlugin = fp(routeRateLimitPlugin, { name: 'rate-limit', fastify: '5.x', dependencies: ['hit-counter', 'clock'] });
