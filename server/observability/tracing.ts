import { context, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import type { tracing as SdkTrace } from '@opentelemetry/sdk-node';
import type { FastifyPluginCallback } from 'fastify';
import type { Env } from '../config/env';

/** What tracing adds to the app once started: the Fastify plugin that opens a span per request. */
export interface Tracing {
  fastifyPlugin: FastifyPluginCallback;
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry, only when an OTLP endpoint is configured (the standard OTEL_EXPORTER_OTLP_ENDPOINT,
 * or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): the SDK is imported then and never otherwise, so a server
 * without it pays nothing on the request path. Spans: each request (@fastify/otel, by route pattern),
 * each database statement, each outside call and job (`traced`). Attributes never carry codes, tokens,
 * card data or whole phone numbers: statements are sent as their text with placeholders, not values.
 */
export async function startTracing(env: TracingEnv): Promise<Tracing | null> {
  const url = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (env.OTEL_EXPORTER_OTLP_ENDPOINT ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces` : undefined);
  if (!url) return null;
  const [{ NodeSDK, tracing: sdkTrace }, { OTLPTraceExporter }, { default: FastifyOtelInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@fastify/otel'),
  ]);
  const fastifyOtel = new FastifyOtelInstrumentation({
    registerOnInitialization: false,
    // One span per request, not one more per lifecycle hook and handler (its default): GET /v1/user
    // passes some ten hooks, and making and exporting their spans was most of tracing's cost in the
    // bench's CPU profile (docs/operations.md). Statements and outside calls keep their own spans.
    instrumentHooks: false,
    instrumentHandler: false,
    ignorePaths: (options) => options.url === '/healthz' || options.url === '/readyz',
    // The query string carries codes and tokens (an email link's token, PKCE codes): the path only, as in the logs.
    requestHook: (span, request) => {
      // A span the sampler left out (OTEL_TRACES_SAMPLER) records nothing: nothing is computed for it.
      if (!span.isRecording()) return;
      span.setAttribute('url.path', request.url.split('?')[0] ?? '');
      span.updateName(`${request.method} ${request.routeOptions.url ?? 'unmatched'}`);
    },
  });
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME,
    sampler: headSampler(sdkTrace, env),
    traceExporter: new OTLPTraceExporter({ url }),
    instrumentations: [fastifyOtel],
  });
  sdk.start();
  return { fastifyPlugin: fastifyOtel.plugin() as FastifyPluginCallback, shutdown: () => sdk.shutdown() };
}

/** The OpenTelemetry variables startTracing reads, as server/config/env.ts validates them. */
export type TracingEnv = Pick<Env, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' | 'OTEL_SERVICE_NAME' | 'OTEL_TRACES_SAMPLER' | 'OTEL_TRACES_SAMPLER_ARG'>;

/**
 * The head sampler OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG name, as the specification reads
 * them (a ratio sampler without a share keeps every trace); unset, the SDK's default (every trace,
 * or as the caller's traceparent says). Built from the validated variables rather than left to the
 * SDK's own reading of process.env, which ignores a misspelt value with a line on its diagnostic log.
 */
export function headSampler(sdkTrace: typeof SdkTrace, env: Pick<TracingEnv, 'OTEL_TRACES_SAMPLER' | 'OTEL_TRACES_SAMPLER_ARG'>): SdkTrace.Sampler | undefined {
  const ratio = () => new sdkTrace.TraceIdRatioBasedSampler(env.OTEL_TRACES_SAMPLER_ARG ?? 1);
  switch (env.OTEL_TRACES_SAMPLER) {
    case undefined:
      return undefined;
    case 'always_on':
      return new sdkTrace.AlwaysOnSampler();
    case 'always_off':
      return new sdkTrace.AlwaysOffSampler();
    case 'traceidratio':
      return ratio();
    case 'parentbased_always_on':
      return new sdkTrace.ParentBasedSampler({ root: new sdkTrace.AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new sdkTrace.ParentBasedSampler({ root: new sdkTrace.AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new sdkTrace.ParentBasedSampler({ root: ratio() });
  }
}

const tracer = (): Tracer => trace.getTracer('ringwise');

/**
 * Runs `work` inside a span named `name` (an outside call, a synthesis, a job), marking it failed
 * when it throws. Without a started SDK the API's no-op tracer makes this a plain call.
 */
export async function traced<T>(name: string, attributes: Record<string, string | number | boolean>, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { kind: SpanKind.INTERNAL, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span for one database statement, its text cut to the operation and the tables it names. */
export function traceStatement<T>(text: string, run: () => Promise<T>): Promise<T> {
  // Outside a request, or inside one the sampler left out: no span, and the text is not even cut.
  if (!trace.getSpan(context.active())?.isRecording()) return run();
  const statement = text.replace(/\s+/g, ' ').trim();
  return traced('db.query', { 'db.system.name': 'postgresql', 'db.operation.name': statement.split(' ', 1)[0]?.toLowerCase() ?? 'query', 'db.query.text': statement.slice(0, 300) }, () => run());
}

/** The active trace's id, for log lines and error references; undefined outside a span. */
export function activeTraceId(): string | undefined {
  const span = trace.getSpan(context.active());
  const id = span?.spanContext().traceId;
  return id && id !== '00000000000000000000000000000000' ? id : undefined;
}
