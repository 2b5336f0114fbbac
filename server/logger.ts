import type { FastifyBaseLogger } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger } from 'pino';
import type { Env } from './config/env';
import { activeTraceId } from './observability/tracing';

const traceFields = (): { trace_id?: string } => {
  const id = activeTraceId();
  return id ? { trace_id: id } : {};
};

/**
 * Structured JSON logs. Credentials are redacted wherever they travel (headers, bodies, query);
 * one-time codes are never logged except by the dev outbox, which production turns off.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>, options: { traceIds?: boolean; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      // With tracing on, each line carries the trace it belongs to (a mixin costs a call per line, so only then).
      ...(options.traceIds ? { mixin: () => traceFields() } : {}),
      level: env.NODE_ENV === 'test' && env.LOG_LEVEL === 'info' ? 'silent' : env.LOG_LEVEL,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.apikey',
          'req.headers.cookie',
          'req.headers["x-admin-token"]',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
          '*.code',
          '*.refresh_token',
          '*.access_token',
        ],
        censor: '[redacted]',
      },
      serializers: {
        // The query string can carry codes and tokens (PKCE, OTP links): log the path only.
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          path: req.url.split('?')[0],
        }),
      },
    },
    options.destination,
  );
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify's `childLoggerFactory`: each request's logger, made only when the request logs at an
 * enabled level. pino's `child()` serialises the bindings through the redaction paths on every call,
 * ~3 % of the server's busy time under load on `GET /v1/user` (decision 702) — for a request id
 * that is then never written when nothing is logged at the configured level.
 */
export function lazyChildLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyChildLogger(parent as Logger, bindings, options);
}

class LazyChildLogger implements FastifyBaseLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: Logger | undefined;
  readonly #threshold: number;

  constructor(parent: Logger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.#threshold = options.level === undefined ? parent.levelVal : (parent.levels.values[options.level] ?? Number.POSITIVE_INFINITY);
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  #real(): Logger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #log(method: LogMethod, args: unknown[]): void {
    if (this.#child === undefined && this.#parent.levels.values[method]! < this.#threshold) return;
    (this.#real()[method] as (...rest: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#log('error', args);
  }

  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }

  info(...args: unknown[]): void {
    this.#log('info', args);
  }

  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }

  isLevelEnabled(level: string): boolean {
    return this.#child ? this.#child.isLevelEnabled(level) : (this.#parent.levels.values[level] ?? Number.POSITIVE_INFINITY) >= this.#threshold;
  }

  bindings(): Bindings {
    return this.#real().bindings();
  }
}
