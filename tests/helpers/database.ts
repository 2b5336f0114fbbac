import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { migratedPGliteImage } from './pglite-template';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throw-away
 * database on the Postgres server named by TEST_DATABASE_URL when the suite runs its Postgres pass.
 */
export async function createTestDatabase(options: { onConnectionError?: (error: Error) => void } = {}): Promise<DatabaseHandle & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DATABASE !== 'postgres' || !url) {
    const handle = openDatabase({ kind: 'pglite-memory', from: await migratedPGliteImage() });
    // Applies nothing unless the saved image is behind the migrations (it is named after them).
    await migrate(handle.db);
    return handle;
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = openDatabase({ kind: 'postgres', url: target.toString(), onConnectionError: options.onConnectionError });
  await migrate(handle.db);
  return {
    ...handle,
    url: target.toString(),
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
