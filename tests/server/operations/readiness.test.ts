import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';

describe('readiness', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('is 503 while a migration this build knows is not applied', async () => {
    const [last] = await app.db.selectFrom('schema_migrations').select('version').orderBy('version', 'desc').limit(1).execute();
    if (!last) throw new Error('no migration recorded');
    await app.db.deleteFrom('schema_migrations').where('version', '=', last.version).execute();
    const pending = await app.inject({ method: 'GET', url: '/readyz' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toMatchObject({ status: 'migrations_pending', pending: [last.version] });
    await app.db.insertInto('schema_migrations').values({ version: last.version }).execute();
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('is 503 once draining while liveness stays 200', async () => {
    app.startDraining();
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'draining' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

// A deploy that drains (on SIGTERM not ready, the greeting being made finished, exit 0) is proven on the
// real process by tests/server/foundation/process.test.ts, on the start that also makes its data folder.
