import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/client';
import { createTestDatabase } from '../../helpers/database';

// Only a Postgres server can end a session under the pool; PGlite lives in the process.
describe.runIf(process.env.TEST_DATABASE === 'postgres')('a Postgres connection ended by the server', () => {
  const errors: Error[] = [];
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ onConnectionError: (error) => errors.push(error) });
  });
  afterAll(async () => {
    await database.close();
  });

  it('is reported, dropped from the pool, and the next query reconnects', async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
    const name = rows[0]!.name;

    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    expect(errors[0]!.message).toMatch(/terminating connection/);

    await expect(database.ping()).resolves.toBeUndefined();
  });
});
