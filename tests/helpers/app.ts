import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type AppDeps } from '../../server/app';
import { parseEnv, type Env } from '../../server/config/env';
import type { Clock } from '../../server/http/clock';
import { createTestDatabase } from './database';
import { roomyLimits } from './roomy-limits';

export interface TestAppOptions {
  env?: Partial<Record<keyof Env, string>>;
  clock?: Clock;
  clientDir?: string;
}

/** The real app on a fresh database, called with `app.inject` (no port). Close it in afterAll. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  // Production requires PUBLIC_URL (links are never built from request headers); tests that run the
  // app as production get a fixed one unless they name their own.
  const production = options.env?.NODE_ENV === 'production' ? { PUBLIC_URL: 'https://ringwise.test' } : {};
  // The captcha is off unless a test is about it (tests/server/auth/captcha*.test.ts turn it on).
  // One instance: an erasure's wait for other instances' caches (3 s on Postgres) is proved by
  // tests/server/data/erasure-instances.test.ts, which builds its two instances without this.
  const oneInstance = options.env?.NODE_ENV === 'production' ? {} : { ERASURE_SETTLE_MS: '0' };
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_PROVIDER: 'off', ...roomyLimits, ...production, ...oneInstance, ...options.env });
  const database = await createTestDatabase();
  const deps: AppDeps = { env, database, logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), clientDir: options.clientDir, ownsDatabase: true };
  if (options.clock) deps.clock = options.clock;
  const app = await buildApp(deps);
  await app.ready();
  return app;
}

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-01-15T10:00:00Z')): Clock & { advance(ms: number): void; set(date: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
    set(date: Date) {
      now = date.getTime();
    },
  };
}
