import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { parseEnv } from '../../../server/config/env';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { READ_CACHE_TTL_MS, ReadCache } from '../../../server/db/read-cache';
import { erasureSettleMs } from '../../../server/retention/erasure';
import { createTestDatabase } from '../../helpers/database';
import { roomyLimits } from '../../helpers/roomy-limits';
import { createUser, type TestUser } from '../onboarding/users';
import { bearer } from './rows-naming';

const onPostgres = process.env.TEST_DATABASE === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/** One instance of the app on this database, as a deployment runs several on one Postgres. */
async function instance(database: DatabaseHandle): Promise<FastifyInstance> {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_PROVIDER: 'off', ...roomyLimits });
  const app = await buildApp({ env, database, logger: pino({ level: 'silent' }), ownsDatabase: true });
  await app.ready();
  return app;
}

interface Answer {
  route: string;
  status: number;
  code: string;
  /** When the request was sent, against the erasure's answer (ms; negative: before it). */
  sentAt: number;
}

/**
 * What a signed-in page keeps doing on the second instance: reading and writing the person's rows.
 * None writes the auth service's tables: such a write empties this instance's own cache at once,
 * which would hide the stale read the case is about.
 */
const rounds = (user: TestUser) => [
  { route: 'GET /v1/user', method: 'GET' as const, url: '/v1/user', headers: user.headers },
  { route: 'PATCH /v1/user', method: 'PATCH' as const, url: '/v1/user', headers: user.headers, payload: { name: 'Still Here' } },
  { route: 'PATCH /v1/user/data', method: 'PATCH' as const, url: '/v1/user/data', headers: user.headers, payload: { step: 'erasing' } },
  { route: 'GET /auth/v1/user', method: 'GET' as const, url: '/auth/v1/user', headers: bearer(user.token) },
];

/**
 * #41 item 2: an erased person's token on another instance was a 5xx for about 2 s (decision 701's
 * cache accepted it, then the writes found the rows gone). Erasure now marks the account, waits out
 * every instance's cache, then deletes: before its answer the second instance serves or refuses
 * cleanly, after it every route refuses, and no answer is a 5xx.
 */
describe.runIf(onPostgres)('erasure across two instances on one Postgres (#41)', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    const database = await createTestDatabase();
    first = await instance(database);
    second = await instance(openDatabase({ kind: 'postgres', url: database.url! }));
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('the second instance never answers 5xx, and refuses every route once the erasure has answered', async () => {
    const user = await createUser(first);
    // The second instance has the person's account in its cache, as a signed-in page keeps it warm.
    expect((await second.inject({ method: 'GET', url: '/v1/user', headers: user.headers })).statusCode).toBe(200);

    const answers: Answer[] = [];
    let erasedAt = Number.POSITIVE_INFINITY;
    let stopAt = Number.POSITIVE_INFINITY;
    const keepCalling = async () => {
      while (performance.now() < stopAt) {
        for (const round of rounds(user)) {
          const sent = performance.now();
          const response = await second.inject(round);
          answers.push({ route: round.route, status: response.statusCode, code: String(response.json<{ code?: string; error_code?: string }>().code ?? ''), sentAt: sent - erasedAt });
        }
      }
    };
    const calling = keepCalling();
    const started = performance.now();
    const erased = await first.inject({ method: 'DELETE', url: '/v1/user', headers: user.headers });
    erasedAt = performance.now();
    stopAt = erasedAt + 1_500;
    await calling;

    expect(erased.statusCode).toBe(204);
    // The erasure waited out the caches (decision 701's 2 s and the margin) before it answered.
    expect(erasedAt - started).toBeGreaterThanOrEqual(erasureSettleMs('postgres'));
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const after = answers.filter((answer) => answer.sentAt > 0);
    expect(after.length).toBeGreaterThan(10);
    // Product routes: 401; the auth service's: GoTrue's 403 user_not_found (supabase-js signs out on it).
    const refusals = new Set(after.map((answer) => `${answer.route} ${answer.status} ${answer.code}`));
    expect([...refusals].sort()).toEqual([
      'GET /auth/v1/user 403 user_not_found',
      'GET /v1/user 401 INVALID_TOKEN',
      'PATCH /v1/user 401 INVALID_TOKEN',
      'PATCH /v1/user/data 401 INVALID_TOKEN',
    ]);
  });
});

/** What the wait rests on: no instance serves a copy read before a change for longer than READ_CACHE_TTL_MS after it. */
describe('a cached read lives READ_CACHE_TTL_MS from the moment it began (#41)', () => {
  it('a slow read is not served past that bound, however late it answered', async () => {
    let now = 0;
    const cache = new ReadCache<string>({ maxEntries: 10, now: () => now });
    // The read begins at 0 and answers 1.5 s later (a busy database); the row changes right after it began.
    await cache.load('user', async () => {
      now = 1_500;
      return 'the row as it was';
    });
    now = READ_CACHE_TTL_MS - 1;
    expect(cache.get('user')).toBe('the row as it was');
    now = READ_CACHE_TTL_MS;
    expect(cache.get('user')).toBeUndefined();
  });
});
