import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { parseEnv } from '../../../server/config/env';
import type { DatabaseHandle } from '../../../server/db/client';
import { LIMITS } from '../../../server/auth/rate-limit';
import { manualClock } from '../../helpers/app';
import { createTestDatabase } from '../../helpers/database';

/** Two instances of the product on one database, as behind a load balancer. */
async function twoInstances(store: 'memory' | 'database', clock = manualClock(new Date())) {
  const database = await createTestDatabase();
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_STORE: store, GREETINGS_RATE_LIMIT: '2' });
  const build = () => buildApp({ env, database, logger: pino({ level: 'silent' }), clock });
  const apps = [await build(), await build()] as const;
  await Promise.all(apps.map((app) => app.ready()));
  return { apps, clock, database };
}

async function closeAll(apps: readonly FastifyInstance[], database: DatabaseHandle): Promise<void> {
  for (const app of apps) await app.close();
  await database.close();
}

// An empty text is refused (400) after the limit has counted the request, so no speech is made.
const greeting = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/greetings?text=&voice=alice' });

describe('rate limits shared through the database (RATE_LIMIT_STORE=database)', () => {
  let setup: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    setup = await twoInstances('database');
  });
  afterAll(async () => {
    await closeAll(setup.apps, setup.database);
  });

  it('counts a route limit across instances and opens a new window when the old one ends', async () => {
    const [a, b] = setup.apps;
    expect((await greeting(a)).statusCode).toBe(400);
    expect((await greeting(b)).statusCode).toBe(400);
    const third = await greeting(a);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await greeting(b)).statusCode).toBe(429);

    setup.clock.advance(61_000);
    expect((await greeting(b)).statusCode).toBe(400);
  });

  it('counts the auth rules (anonymous sign-ups per address) across instances', async () => {
    const [a, b] = setup.apps;
    const { limit } = LIMITS.anonymousPerIp;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const response = await (attempt % 2 ? b : a).inject({ method: 'POST', url: '/auth/v1/signup', payload: {} });
      expect(response.statusCode).toBe(200);
    }
    const over = await a.inject({ method: 'POST', url: '/auth/v1/signup', payload: {} });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('rate limits in memory (the default without DATABASE_URL)', () => {
  let setup: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    setup = await twoInstances('memory');
  });
  afterAll(async () => {
    await closeAll(setup.apps, setup.database);
  });

  it('counts per instance', async () => {
    const [a, b] = setup.apps;
    expect((await greeting(a)).statusCode).toBe(400);
    expect((await greeting(a)).statusCode).toBe(400);
    expect((await greeting(a)).statusCode).toBe(429);
    expect((await greeting(b)).statusCode).toBe(400);
    const rows = await setup.database.db.selectFrom('rate_limit_hits').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
