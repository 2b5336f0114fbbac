import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { loadMigrations, migrate } from '../../server/db/migrate';
import { pooledPGlite } from './pglite-pool';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (one a closed file put
 * back as the image left it, tests/helpers/pglite-pool.ts), or a throw-away
 * database on the Postgres server named by TEST_DATABASE_URL when the suite runs its Postgres pass.
 */
export async function createTestDatabase(options: { onConnectionError?: (error: Error) => void } = {}): Promise<DatabaseHandle & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DATABASE !== 'postgres' || !url) {
    const handle = await pooledPGlite();
    // Applies nothing unless the saved image is behind the migrations (it is named after them).
    await migrate(handle.db);
    return handle;
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${await migratedTemplate(admin, url)}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = openDatabase({ kind: 'postgres', url: target.toString(), onConnectionError: options.onConnectionError });
  // Applies nothing: the template is named after the migrations' text (kept as the check it is).
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

/**
 * The Postgres pass's counterpart of the saved PGlite image: a database migrated once and kept on
 * the server, named after the migrations' text, that each file's database is copied from (CREATE
 * DATABASE … TEMPLATE: ~0.4 s, where migrating an empty one took ~2 s on the loaded machine). A new
 * or edited migration gives a new name, so a stale template is never used; makers on other
 * connections wait on an advisory lock and then find it made.
 */
async function migratedTemplate(admin: pg.Client, url: string): Promise<string> {
  const key = createHash('sha256');
  for (const migration of loadMigrations()) key.update(migration.version).update(migration.sql);
  const template = `test_template_${key.digest('hex').slice(0, 16)}`;
  const exists = async () => (await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
  if (await exists()) return template;
  await admin.query('select pg_advisory_lock(4242002)');
  try {
    if (await exists()) return template;
    // Made under another name and renamed once migrated: a template is never seen half made.
    const making = `${template}_making`;
    await admin.query(`drop database if exists ${making} with (force)`);
    await admin.query(`create database ${making}`);
    const target = new URL(url);
    target.pathname = `/${making}`;
    const handle = openDatabase({ kind: 'postgres', url: target.toString() });
    try {
      await migrate(handle.db);
    } finally {
      await handle.close();
    }
    await admin.query(`alter database ${making} rename to ${template}`);
    return template;
  } finally {
    await admin.query('select pg_advisory_unlock(4242002)');
  }
}
