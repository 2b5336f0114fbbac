import { context, trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { parseEnv } from '../../../server/config/env';
import { startTracing, type Tracing } from '../../../server/observability/tracing';
import { createTestDatabase } from '../../helpers/database';
import { otlpCollector } from '../../helpers/otlp-collector';
import { roomyLimits } from '../../helpers/roomy-limits';

/**
 * Head sampling by OpenTelemetry's own variables (docs/operations.md: what tracing costs): with
 * parentbased_traceidratio at 0 no new trace is kept, and a request whose caller sampled its trace
 * (traceparent flag 01) is kept whole, its statements inside.
 */
describe('traces sampled by OTEL_TRACES_SAMPLER', () => {
  const sink = otlpCollector();
  let tracing: Tracing;
  let app: FastifyInstance;

  beforeAll(async () => {
    const endpoint = await sink.listen();
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...roomyLimits,
      CAPTCHA_PROVIDER: 'off',
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0',
    });
    const started = await startTracing(env);
    if (!started) throw new Error('tracing did not start');
    tracing = started;
    app = await buildApp({ env: { ...env, NODE_ENV: 'development' }, database: await createTestDatabase(), logger: pino({ level: 'silent' }), ownsDatabase: true, tracing });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await tracing.shutdown();
    // The SDK registered itself globally; the files after this one in the same worker run without it.
    trace.disable();
    context.disable();
    sink.server.close();
  });

  it('keeps no new trace at a share of 0, and a caller-sampled one whole', async () => {
    const unsampled = await app.inject({ method: 'POST', url: '/auth/v1/otp', payload: { email: 'left-out@acme-widgets.com' }, headers: { 'content-type': 'application/json' } });
    expect(unsampled.statusCode).toBe(200);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const sampled = await app.inject({
      method: 'POST',
      url: '/auth/v1/otp',
      payload: { email: 'kept@acme-widgets.com' },
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(sampled.statusCode).toBe(200);
    await tracing.shutdown();
    const exported = sink.spans();
    expect(exported.length).toBeGreaterThan(0);
    // Every exported span belongs to the caller's trace: the request, and its statements inside.
    expect(exported.every((span) => span.traceId === traceId)).toBe(true);
    expect(exported.some((span) => span.name === 'POST /auth/v1/otp')).toBe(true);
    expect(exported.filter((span) => span.name === 'db.query').length).toBeGreaterThan(2);
  });
});
