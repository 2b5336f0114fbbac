import { Writable } from 'node:stream';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../../server/app';
import { parseEnv } from '../../../server/config/env';
import { AdjustableClock } from '../../../server/http/clock';
import type { DatabaseHandle } from '../../../server/db/client';
import { inProcessDatabase, type ProofTarget } from './databases';

/** One route as the app registered it: a single method, its URL pattern and its schema parts. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown; headers?: unknown };
}

export interface ProofApp {
  app: FastifyInstance;
  url: string;
  port: number;
  /** Every route, read from the app while it registered them (a new route is proved without editing a script). */
  routes: RouteEntry[];
  /** What the server logged at error level for a request id (why it answered 5xx). */
  errorFor(requestId: string): string | undefined;
  close(): Promise<void>;
}

/**
 * The real app (server/app.ts) on a fresh database, listening on an ephemeral loopback port, as
 * server.ts would start it outside production (dev outbox, adjustable clock). Forwarding headers
 * from loopback are trusted on purpose: each proof request says it comes from its own visitor, so
 * the per-address limits do not hide the handlers behind 429s.
 */
export async function startProofApp(target: ProofTarget, env: Record<string, string> = {}, shared?: DatabaseHandle): Promise<ProofApp> {
  const routes: RouteEntry[] = [];
  const errors = new Map<string, string>();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        try {
          const entry = JSON.parse(line) as { reqId?: string; msg?: string; err?: { message?: string; type?: string } };
          if (entry.reqId && !errors.has(entry.reqId)) errors.set(entry.reqId, [entry.err?.type, entry.err?.message ?? entry.msg].filter(Boolean).join(': '));
        } catch {
          // not a log line
        }
      }
      done();
    },
  });
  // `shared`: a second instance on the same database (its owner closes it).
  const database = shared ?? (await inProcessDatabase(target));
  const app = await buildApp({
    // The captcha is off unless a proof is about it (proof:abuse turns it on and solves it as a bot would).
    env: parseEnv({ NODE_ENV: 'development', LOG_LEVEL: 'error', TRUSTED_PROXIES: '127.0.0.1,::1', GREETINGS_THREADS: '1', CAPTCHA_PROVIDER: 'off', ...env }),
    database,
    logger: pino({ level: 'error' }, sink),
    clock: new AdjustableClock(),
    ownsDatabase: !shared,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method: String(method).toUpperCase(), url: route.url, schema: (route.schema ?? {}) as RouteEntry['schema'] });
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    port,
    routes: dedupe(routes),
    errorFor: (id) => errors.get(id),
    close: () => app.close(),
  };
}

function dedupe(routes: RouteEntry[]): RouteEntry[] {
  const seen = new Set<string>();
  return routes.filter((route) => {
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
