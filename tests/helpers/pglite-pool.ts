import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { pgliteSettings, type DatabaseHandle } from '../../server/db/client';
import { PGliteDialect } from '../../server/db/pglite-dialect';
import type { Database } from '../../server/db/schema';
import { WriteWatch } from '../../server/db/write-watch';
import { putBack, readBaseline, type Baseline } from './database-reset';
import { migratedPGliteImage } from './pglite-template';

/**
 * Embedded test databases, reused (#40.3). Opening a PGlite from the saved image costs ~0.6 s of CPU
 * (untar into memory, then Postgres' start in WebAssembly), and the PGlite pass opens ~150. A file's
 * database, once closed, has its session reset (DISCARD ALL: settings, prepared statements, advisory
 * locks, temporary tables) and is put back as the image left it (tests/helpers/database-reset.ts);
 * one that cannot be is closed, never reused.
 */

let baseline: Baseline | undefined;
const idle: PGlite[] = [];
/** Databases kept open for the next file; each holds its WebAssembly memory (~100 MB). */
const MAX_IDLE = 2;

/** Puts a closed file's database back as the image left it; false when it cannot be (then it is closed). */
async function reset(pglite: PGlite, image: Baseline): Promise<boolean> {
  try {
    await pglite.exec('rollback');
    await pglite.exec('discard all');
  } catch {
    return false;
  }
  return putBack(pglite, image);
}

async function release(pglite: PGlite): Promise<void> {
  if (baseline && idle.length < MAX_IDLE && (await reset(pglite, baseline))) idle.push(pglite);
  else await pglite.close();
}

/** A migrated embedded database, fresh from the image or put back as the image left it. */
export async function pooledPGlite(): Promise<DatabaseHandle> {
  let pglite = idle.pop();
  if (!pglite) {
    // As server/db/client.ts opens an in-memory database from a saved image, with its settings.
    const startParams = [...PGlite.defaultStartParams, ...Object.entries(pgliteSettings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
    pglite = new PGlite({ startParams, loadDataDir: await migratedPGliteImage() });
    await pglite.waitReady;
    baseline ??= await readBaseline(pglite);
  }
  const own = pglite;
  const writes = new WriteWatch();
  let closed = false;
  // Kysely closes its driver's PGlite on destroy: this one goes back to the pool instead.
  const lent = new Proxy(own, {
    get(target, key) {
      if (key === 'close') return async () => {};
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const db = new Kysely<Database>({ dialect: writes.wrap(new PGliteDialect(lent)) });
  return {
    db,
    kind: 'pglite',
    writes,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await release(own);
    },
  };
}
