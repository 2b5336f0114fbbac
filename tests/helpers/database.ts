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
  const name = await takeDatabase(url);
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

/** A new database copied from the migrated template; its name. */
async function copyTemplate(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${await migratedTemplate(admin, url)}`);
  } finally {
    await admin.end();
  }
  return name;
}

/**
 * The Vitest run's own prefix (tests/server/postgres-run.ts): its files' databases are named with it,
 * so the run's end drops what is left (the spare below). Without it (the proof scripts) there is
 * no spare: every database is made when asked for and dropped when closed.
 */
const run = process.env.TEST_DATABASE_RUN;
let spare: Promise<string> | undefined;

/**
 * The next file's database, made while this one runs: a file's start waited ~0.2–0.4 s for its
 * copy (CREATE DATABASE … TEMPLATE), ~140 times in the Postgres pass on its one worker, while the
 * copying is the Postgres server's work and overlaps the tests (docs/testing.md).
 */
async function takeDatabase(url: string): Promise<string> {
  const fresh = () => copyTemplate(url, `test_${run ? `${run}_` : ''}${randomBytes(6).toString('hex')}`);
  if (!run) return fresh();
  // A spare that failed is made again now: its error was not this file's.
  const taken = spare ? spare.catch(fresh) : fresh();
  // One copy at a time: the spare starts once this file's is made.
  spare = taken.then(fresh, fresh);
  spare.catch(() => undefined);
  return taken;
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
