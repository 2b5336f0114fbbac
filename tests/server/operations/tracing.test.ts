import { Writable } from 'node:stream';
import { context, trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { parseEnv } from '../../../server/config/env';
import { createLogger } from '../../../server/logger';
import { startTracing, type Tracing } from '../../../server/observability/tracing';
import { createTestDatabase } from '../../helpers/database';
import { otlpCollector, type ExportedSpan } from '../../helpers/otlp-collector';
import { roomyLimits } from '../../helpers/roomy-limits';

describe('traces over OTLP/HTTP', () => {
  const sink = otlpCollector();
  const lines: string[] = [];
  let tracing: Tracing;
  let app: FastifyInstance;

  beforeAll(async () => {
    const endpoint = await sink.listen();
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', ...roomyLimits, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'ringwise-test', CAPTCHA_PROVIDER: 'off' });
    const started = await startTracing(env);
    if (!started) throw new Error('tracing did not start');
    tracing = started;
    const destination = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) });
    app = await buildApp({ env: { ...env, NODE_ENV: 'development' }, database: await createTestDatabase(), logger: createLogger({ ...env, NODE_ENV: 'development' }, { traceIds: true, destination }), ownsDatabase: true, tracing });
    app.get('/test/fault', async () => {
      throw new Error('a fault inside the handler');
    });
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

  it('exports a span per request with its statements inside, and nothing secret', async () => {
    await app.inject({ method: 'POST', url: '/auth/v1/otp', payload: { phone: '+33612345678' }, headers: { 'content-type': 'application/json' } });
    await app.inject({ method: 'GET', url: '/auth/v1/verify?token=secret-link-token-91827&type=magiclink' });
    const fault = await app.inject({ method: 'GET', url: '/test/fault' });
    await tracing.shutdown();
    const spans = sink.spans();
    const routeOf = (span: ExportedSpan) => span.attributes.find((attribute) => attribute.key === 'http.route')?.value.stringValue;
    const otp = spans.find((span) => span.name === 'POST /auth/v1/otp' && routeOf(span) === '/auth/v1/otp');
    expect(otp).toBeDefined();
    // The code send's statements are children in the same trace.
    expect(spans.filter((span) => span.name === 'db.query' && span.traceId === otp?.traceId).length).toBeGreaterThan(2);
    const text = sink.bodies.join('\n');
    expect(text).not.toContain('612345678');
    expect(text).not.toContain('secret-link-token-91827');

    // The fault's answer names its trace, and so does the log line that tells of it.
    expect(fault.statusCode).toBe(500);
    const reference = fault.json<{ reference: string }>().reference;
    expect(reference).toMatch(/^[0-9a-f]{32}$/);
    expect(spans.some((span) => span.traceId === reference)).toBe(true);
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; trace_id?: string; reference?: string }).find((line) => line.msg === 'request failed');
    expect(logged).toMatchObject({ trace_id: reference, reference });
  });
});
