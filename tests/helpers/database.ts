import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { loadMigrations, migrate } from '../../server/db/migrate';
import { imageRecipe, makeJobQueues, putBack, readBaseline, type Baseline } from './database-reset';
import { pooledPGlite } from './pglite-pool';
import { startAppOnce } from './start-app-once';

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
  const handle = openDatabase({ kind: 'postgres', url: databaseUrl(url, name), onConnectionError: options.onConnectionError });
  // Applies nothing: the template is named after the migrations' text (kept as the check it is).
  await migrate(handle.db);
  return {
    ...handle,
    url: databaseUrl(url, name),
    async close() {
      await handle.close();
      if (run) giveBack(url, name);
      else await dropDatabase(url, name);
    },
  };
}

/** The server's address with another database's name. */
function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** A client on the database `url` names, or on `name` on the same server; ended once `use` is done. */
async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>, name?: string): Promise<T> {
  const client = new pg.Client({ connectionString: name ? databaseUrl(url, name) : url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const dropDatabase = (url: string, name: string) => withClient(url, (admin) => admin.query(`drop database if exists ${name} with (force)`));

/** A new database copied from the migrated template; its name. */
async function copyTemplate(url: string, name: string): Promise<string> {
  await withClient(url, async (admin) => admin.query(`create database ${name} template ${await migratedTemplate(admin, url)}`));
  return name;
}

/**
 * The Vitest run's own prefix (tests/server/postgres-run.ts): its files' databases are named with it,
 * so the run's end drops what is left. Without it (the proof scripts) every database is made when
 * asked for and dropped when closed.
 */
const run = process.env.TEST_DATABASE_RUN;
/** Databases closed by earlier files of this run, each being put back as the template left it: its name, or null when it could not be. */
const returning: Promise<string | null>[] = [];
let baseline: Promise<Baseline> | undefined;

/**
 * A database for the next file: one an earlier file closed, put back as the template left it
 * (tests/helpers/database-reset.ts), else a new copy of the template. A copy (CREATE DATABASE …
 * TEMPLATE) makes ~550 files, and on this machine's file system making files right after others
 * were deleted cost up to 0.3 CPU-s each time: the pass's 91 files spent ~40 CPU-s of the Postgres
 * server on their copies and drops (docs/testing.md).
 */
async function takeDatabase(url: string): Promise<string> {
  // The one closed last first: a file that closes its database and opens another gets the same.
  while (run && returning.length > 0) {
    const name = await returning.pop()!;
    if (name) return name;
  }
  const name = await copyTemplate(url, `test_${run ? `${run}_` : ''}${randomBytes(6).toString('hex')}`);
  if (run && !baseline) {
    // The first copy, before any file has used it, is what a fresh copy holds.
    baseline = withClient(url, readBaseline, name);
    await baseline;
  }
  return name;
}

/** A closed file's database: put back for the next file (in the background: the file need not wait), else dropped. */
function giveBack(url: string, name: string): void {
  const image = baseline!;
  const putBackOrDrop = async () => {
    // Connections a test left open would hold locks the reset waits on: none may stay.
    const reset = await withClient(
      url,
      async (client) => {
        await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
        return putBack(client, await image);
      },
      name,
    );
    if (reset) return name;
    await dropDatabase(url, name);
    return null;
  };
  returning.push(putBackOrDrop().catch(() => null));
}

/**
 * The Postgres pass's counterpart of the saved PGlite image: a database migrated once (and the app's
 * job queues made, tests/helpers/database-reset.ts) and kept on the server, named after the
 * migrations' text and that recipe, that each file's database is copied from (CREATE
 * DATABASE … TEMPLATE: ~0.4 s, where migrating an empty one took ~2 s on the loaded machine). A new
 * or edited migration gives a new name, so a stale template is never used; makers on other
 * connections wait on an advisory lock and then find it made.
 */
async function migratedTemplate(admin: pg.Client, url: string): Promise<string> {
  const key = createHash('sha256');
  for (const migration of loadMigrations()) key.update(migration.version).update(migration.sql);
  key.update(imageRecipe);
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
    const handle = openDatabase({ kind: 'postgres', url: databaseUrl(url, making) });
    try {
      await migrate(handle.db);
      await withClient(url, (client) => makeJobQueues(client, () => startAppOnce(handle)), making);
    } finally {
      await handle.close();
    }
    await admin.query(`alter database ${making} rename to ${template}`);
    return template;
  } finally {
    await admin.query('select pg_advisory_unlock(4242002)');
  }
}
