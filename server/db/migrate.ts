import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { projectRoot } from '../config/project-root';
import type { Database } from './schema';

export const migrationsDir = join(projectRoot(), 'server', 'db', 'migrations');

export interface Migration {
  version: string;
  sql: string;
}

/** Versioned SQL files `NNNN_name.sql`, applied in name order. */
export function loadMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: file.replace(/\.sql$/, ''), sql: readFileSync(join(dir, file), 'utf8') }));
}

// Any constant works; it only has to be the same for every instance that migrates this database.
const MIGRATION_LOCK_KEY = 4_242_001;

/**
 * Applies the migrations not yet recorded, all in one transaction under an advisory lock, so
 * instances starting together neither race nor leave a half-migrated schema.
 */
export async function migrate(db: Kysely<Database>, migrations = loadMigrations()): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`create table if not exists schema_migrations (
      version text primary key,
      applied_at timestamptz not null default now()
    )`.execute(trx);
    const done = new Set((await trx.selectFrom('schema_migrations').select('version').execute()).map((row) => row.version));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await sql.raw(migration.sql).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: migration.version }).execute();
      applied.push(migration.version);
    }
    return applied;
  });
}
