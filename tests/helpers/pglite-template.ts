import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { projectRoot } from '../../server/config/project-root';
import { loadMigrations, migrate } from '../../server/db/migrate';
import { PGliteDialect } from '../../server/db/pglite-dialect';
import type { DatabaseHandle } from '../../server/db/client';
import type { Database } from '../../server/db/schema';
import { WriteWatch } from '../../server/db/write-watch';
import { imageRecipe, makeJobQueues } from './database-reset';
import { startAppOnce } from './start-app-once';

/**
 * A migrated, empty PGlite data directory (the app's job queues made, tests/helpers/database-reset.ts),
 * saved once and loaded by every test file that needs a database. Creating a cluster (initdb) and migrating it costs about 3 s of CPU; loading the saved
 * directory about 0.5 s, and the suite opens some 60 databases. The file is named after PGlite's
 * version, the migrations' text and that recipe, so a new migration or upgrade makes a new one; writers race
 * harmlessly (each writes its own file and renames it into place).
 */
let kept: { file: string; image: Blob } | undefined;

/** Where the image is saved: named after PGlite's version and the migrations' text (no extension). */
export function migratedPGliteName(): string {
  const pgliteVersion = (JSON.parse(readFileSync(join(projectRoot(), 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }).version;
  const key = createHash('sha256').update(pgliteVersion);
  for (const migration of loadMigrations()) key.update(migration.version).update(migration.sql);
  key.update(imageRecipe);
  return join(projectRoot(), 'node_modules', '.cache', 'ringwise-tests', `pglite-${key.digest('hex').slice(0, 16)}`);
}

export async function migratedPGliteImage(): Promise<Blob> {
  const file = `${migratedPGliteName()}.tar`;
  const dir = dirname(file);
  // Kept in memory too: the server projects keep modules between files (isolate: false), so a worker
  // reads the 43 MB file once, not once per database (a Blob is immutable; PGlite only reads it).
  if (kept?.file === file) return kept.image;
  if (existsSync(file)) {
    kept = { file, image: new Blob([readFileSync(file)]) };
    return kept.image;
  }

  const pglite = new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrate(db);
  const handle: DatabaseHandle = { db, kind: 'pglite', writes: new WriteWatch(), ping: async () => undefined, close: async () => undefined };
  await makeJobQueues(pglite, () => startAppOnce(handle));
  const image = await pglite.dumpDataDir('none');
  await db.destroy();
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
  renameSync(partial, file);
  kept = { file, image };
  return image;
}
