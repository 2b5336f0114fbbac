import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { lazyChildLogger } from './logger';
import type { Env } from './config/env';
import envPlugin from './config/plugin';
import type { DatabaseHandle } from './db/client';
import databasePlugin from './db/plugin';
import errorHandlerPlugin from './http/error-handler';
import { contractSerializerCompiler } from './http/response-serializer';
import requestGuardsPlugin from './http/request-guards';
import clockPlugin from './http/clock-plugin';
import metricsPlugin from './observability/plugin';
import jobsPlugin from './jobs/plugin';
import jobsAdminRoutes from './jobs/admin-routes';
import { traceStatement, type Tracing } from './observability/tracing';
import type { Clock } from './http/clock';
import { hitCounterPlugin, rateLimitPlugin } from './rate-limits/plugin';
import analyticsPlugin from './analytics/plugin';
import apiPlugin from './api/plugin';
import authPlugin from './auth/plugin';
import bookingsPlugin from './bookings/plugin';
import captchaPlugin from './captcha/plugin';
import devPlugin from './dev/plugin';
import functionsPlugin from './functions/plugin';
import geoPlugin from './geo/plugin';
import greetingsPlugin from './greetings/plugin';
import paymentsPlugin from './payments/plugin';
import stripePlugin from './payments/stripe-plugin';
import { getProfile } from './api/profiles';
import retentionPlugin from './retention/plugin';
import healthRoutes from './health/health-routes';
import publicConfigRoutes from './public-config/config-routes';
import spaRoutes from './spa/spa-routes';


export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
  clock?: Clock;
  /** Serve the built SPA from this folder; omitted in tests and when Vite serves the SPA. */
  clientDir?: string;
  /** The app owns the database: `app.close()` closes it after every capability has finished with it. */
  ownsDatabase?: boolean;
  /** Spans per request and statement (server/observability/tracing.ts), when an OTLP endpoint is set. */
  tracing?: Tracing | null;
  /** Sees every route as it is registered (the proof scripts read the route list and schemas from the app itself). */
  onRoute?: (route: RouteOptions) => void;
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
  // First, so every route and hook registered after it is inside a request span.
  if (deps.tracing) {
    await app.register(deps.tracing.fastifyPlugin);
    deps.database.writes.traceStatement = traceStatement;
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);

  // Infrastructure: named plugins without encapsulation (their decorators and hooks reach every
  // route). Each capability names the ones it needs, so a missing one fails at boot by name.
  await app.register(envPlugin, { env: deps.env });
  await app.register(databasePlugin, { database: deps.database, ownsDatabase: deps.ownsDatabase });
  await app.register(clockPlugin, { clock: deps.clock });
  await app.register(metricsPlugin);
  await app.register(jobsPlugin);
  await app.register(stripePlugin);
  await app.register(hitCounterPlugin);
  await app.register(rateLimitPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(requestGuardsPlugin);

  await app.register(healthRoutes);
  await app.register(publicConfigRoutes);
  // Capabilities: each owns its prefixes (server/http/prefixes.ts) and declares its dependencies
  // (docs/architecture.md has the graph). Auth decorates the service the others authenticate with.
  await app.register(captchaPlugin);
  await app.register(authPlugin);
  await app.register(devPlugin);
  await app.register(apiPlugin);
  await app.register(functionsPlugin);
  // Payments reads the identity check's outcome from the API's profiles, handed here so it imports nothing of api/.
  await app.register(paymentsPlugin, { readProfile: getProfile });
  await app.register(geoPlugin);
  await app.register(greetingsPlugin);
  await app.register(analyticsPlugin);
  await app.register(bookingsPlugin);
  await app.register(retentionPlugin);
  await app.register(jobsAdminRoutes);

  await app.register(spaRoutes, { clientDir: deps.clientDir });
  return app as unknown as FastifyInstance;
}
