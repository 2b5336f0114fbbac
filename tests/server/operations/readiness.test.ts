import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';
import { startServerProcess } from '../../helpers/server-process';

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

// The real process on PGlite: the Postgres pass adds nothing to what SIGTERM does.
describe.skipIf(process.env.TEST_DATABASE === 'postgres')('a deploy that drains', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'drain-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('on SIGTERM says not ready, finishes the greeting being made, then exits 0', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', SHUTDOWN_DRAIN_DELAY_MS: '1500' });
    const text = 'Thank you for calling the Riverside dental practice. We are with other patients right now; please leave your name and number and we will call you back today.';
    const greeting = (await (await fetch(`${server.url}/greetings?${new URLSearchParams({ text, voice: 'bill' })}`)).json()) as { url: string };
    // The audio is made when it is first asked for: that request is in flight when the signal lands.
    let settled = false;
    const audio = fetch(`${server.url}${greeting.url}`).then(async (response) => {
      const made = { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
      settled = true;
      return made;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const exit = server.stop('SIGTERM');
    expect(settled).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const made = await audio;
    expect(made.status).toBe(200);
    expect(made.bytes).toBeGreaterThan(10_000);
    expect(await exit).toBe(0);
    expect(server.output()).toContain('shut down cleanly');
  }, 120_000);
});
