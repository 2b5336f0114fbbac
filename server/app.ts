import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { lazyChildLogger } from './logger';
import type { Env } from './config/env';
import type { DatabaseHandle } from './db/client';
import { installErrorHandler } from './http/error-handler';
import { contractSerializerCompiler } from './http/response-serializer';
import { hostRefusal, installInputGuards } from './http/hostile-input';
import { securityHeaders } from './http/security-headers';
import { systemClock, type Clock } from './http/clock';
import analyticsPlugin from './analytics/plugin';
import apiPlugin from './api/plugin';
import authPlugin from './auth/plugin';
import bookingsPlugin from './bookings/plugin';
import devPlugin from './dev/plugin';
import functionsPlugin from './functions/plugin';
import geoPlugin from './geo/plugin';
import greetingsPlugin from './greetings/plugin';
import paymentsPlugin from './payments/plugin';
import retentionPlugin from './retention/plugin';
import { rateLimitStore } from './rate-limits/fastify-store';
import { DatabaseHitCounter, MemoryHitCounter, type HitCounter } from './rate-limits/hit-counter';
import healthRoutes from './health/routes';
import publicConfigRoutes from './public-config/routes';
import spaRoutes from './spa/routes';
import type { PublicConfig } from '../core/contracts/public-config';

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
  clock?: Clock;
  /** Serve the built SPA from this folder; omitted in tests and when Vite serves the SPA. */
  clientDir?: string;
  /** The app owns the database: `app.close()` closes it after every capability has finished with it. */
  ownsDatabase?: boolean;
  /** Sees every route as it is registered (the proof scripts read the route list and schemas from the app itself). */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: DatabaseHandle;
    db: DatabaseHandle['db'];
    clock: Clock;
    /** Public values that capabilities contribute to `/config.json` (never secrets). */
    publicSettings: PublicSettings;
    /** Every rate limit counts here (auth rules and route limits alike). */
    hitCounter: HitCounter;
  }
}

export interface PublicSettings {
  authPublishableKey?: string;
  analyticsApiKey?: string;
  paymentsProvider?: PublicConfig['payments']['provider'];
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    childLoggerFactory: lazyChildLogger,
    // A caller-supplied id (from a proxy) is kept when it looks like one, so logs line up end to end.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: deps.env.TRUSTED_PROXIES.split(',').map((entry) => entry.trim()).filter(Boolean),
    bodyLimit: 256 * 1024,
    // A request must arrive whole within this time and a silent socket is closed: slow bodies
    // (a few bytes of a declared body, then nothing) no longer hold connections open for ever.
    requestTimeout: deps.env.REQUEST_TIMEOUT_MS,
    connectionTimeout: deps.env.REQUEST_TIMEOUT_MS * 2,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  app.decorate('env', deps.env);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  const clock = deps.clock ?? systemClock;
  app.decorate('clock', clock);
  app.decorate('publicSettings', {});
  // Fastify runs onClose hooks of the root added before the capabilities after theirs, so the billing
  // job and the greeting threads finish their last queries before the database goes away.
  if (deps.ownsDatabase) app.addHook('onClose', async () => deps.database.close());
  const sharedLimits = (deps.env.RATE_LIMIT_STORE ?? (deps.env.DATABASE_URL ? 'database' : 'memory')) === 'database';
  const hitCounter: HitCounter = sharedLimits ? new DatabaseHitCounter(deps.database.db, clock) : new MemoryHitCounter(clock);
  app.decorate('hitCounter', hitCounter);
  // Once for the whole app: routes opt in with `config.rateLimit`, counted per client address.
  await app.register(rateLimit, { global: false, store: rateLimitStore(app.hitCounter, clock) });
  // One callback-style onRequest hook for what every request needs (each hook, and an async one
  // more so, costs every request a turn): a Host that is a host, the security headers, and the
  // request id, set before any handler so an error answer carries them too (an onSend hook for the
  // id used to cost every answer the onSend chain, #16).
  const headersFor = securityHeaders(deps.env);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url));
    reply.header('x-request-id', request.id);
    done(hostRefusal(request.headers.host));
  });
  installErrorHandler(app);
  installInputGuards(app);

  await app.register(healthRoutes);
  await app.register(publicConfigRoutes);
  // Capability plugins: each owns its prefixes (see server/http/prefixes.ts). Auth comes first: the
  // others verify access tokens with what it provides.
  await app.register(authPlugin);
  await app.register(devPlugin);
  await app.register(apiPlugin);
  await app.register(functionsPlugin);
  await app.register(paymentsPlugin);
  await app.register(geoPlugin);
  await app.register(greetingsPlugin);
  await app.register(analyticsPlugin);
  await app.register(bookingsPlugin);
  await app.register(retentionPlugin);

  await app.register(spaRoutes, { clientDir: deps.clientDir });
  return app as unknown as FastifyInstance;
}
