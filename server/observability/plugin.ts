import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMetrics, type Metrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's metrics; capabilities count their own events on it (server/observability/metrics.ts). */
    metrics: Metrics;
    /** Where GET /metrics answers, once the app is ready and METRICS_PORT is set; null otherwise. */
    metricsAddress: () => AddressInfo | null;
  }
}

/**
 * Prometheus metrics. The counters always exist (an increment costs nanoseconds); with METRICS_PORT
 * set, requests and statements are timed too, the process defaults are collected, and GET /metrics
 * answers on its own listener (METRICS_HOST, loopback by default), never on the public port: the
 * figures tell an attacker which of its tries worked.
 */
async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const enabled = app.env.METRICS_PORT !== undefined;
  const metrics = createMetrics({ withProcessDefaults: enabled, poolStats: enabled ? app.database.poolStats : undefined });
  app.decorate('metrics', metrics);
  let listener: Server | null = null;
  app.decorate('metricsAddress', () => (listener?.address() as AddressInfo | null) ?? null);
  if (!enabled) return;

  // One synchronous hook (a callback, not an async function: no promise per request), the duration
  // Fastify already measured (reply.elapsedTime), and a kept labelled child (RequestDurations): with
  // metrics on a request costs one map walk and one bucket increment more (docs/operations.md, cost).
  const { requestDurations, statementDurations } = metrics;
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern (/v1/users/:id), never the raw URL: one label value per route, whatever is asked.
    requestDurations.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.database.writes.timeStatement = (seconds, ok) => (ok ? statementDurations.ok : statementDurations.error).observe(seconds);

  app.addHook('onReady', async () => {
    listener = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
        return;
      }
      metrics.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics could not be collected');
          response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      listener?.once('error', reject).listen({ host: app.env.METRICS_HOST, port: app.env.METRICS_PORT }, resolve);
    });
  });
  app.addHook('onClose', async () => {
    app.database.writes.timeStatement = null;
    await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  });
}

export default fp(metricsPlugin, { name: 'metrics', fastify: '5.x', dependencies: ['env', 'database'] });
