import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/client';
import type { Database } from '../db/schema';
import type { RetentionPeriods, RetentionRule } from '../data-lifecycle/lifecycle';
import { retentionRules } from './rules';

/** Rows per statement: short statements, so requests on the embedded database's one connection wait little. */
export const RETENTION_BATCH = 1000;

// Any constant works; it only has to be the same for every instance on this database.
export const RETENTION_LOCK_KEY = 4_242_029;

export interface RetentionResult {
  /** Another instance held the lock: this run deleted nothing. */
  skipped: boolean;
  /** Rows deleted per rule name (rules that deleted nothing are left out). */
  deleted: Record<string, number>;
  /** Tables vacuumed afterwards (the embedded database only: single-user Postgres has no autovacuum). */
  vacuumed: string[];
}

/**
 * One pass of the retention job: each rule deletes its rows in batches. On Postgres it runs under a
 * session advisory lock, so of several instances one works and the others skip; on the embedded
 * database (one process) it then vacuums and checkpoints, which keeps the data
 * directory bounded: single-user Postgres runs neither autovacuum nor the checkpointer, so dead
 * rows were never reused and the WAL grew until max_wal_size (server/db/client.ts).
 */
export async function runRetention(database: Pick<DatabaseHandle, 'db' | 'kind'>, now: Date, periods: RetentionPeriods): Promise<RetentionResult> {
  if (database.kind === 'pglite') {
    const deleted = await applyRules(database.db, now, periods);
    const vacuumed = await vacuumEveryTable(database.db);
    await sql`checkpoint`.execute(database.db);
    return { skipped: false, deleted, vacuumed };
  }
  return database.db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${RETENTION_LOCK_KEY}) as locked`.execute(connection);
    if (!rows[0]?.locked) return { skipped: true, deleted: {}, vacuumed: [] };
    try {
      return { skipped: false, deleted: await applyRules(connection, now, periods), vacuumed: [] };
    } finally {
      await sql`select pg_advisory_unlock(${RETENTION_LOCK_KEY})`.execute(connection);
    }
  });
}

async function applyRules(db: Kysely<Database>, now: Date, periods: RetentionPeriods): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const rule of retentionRules) {
    const count = await applyRule(db, rule, now, periods);
    if (count > 0) deleted[rule.name] = count;
  }
  return deleted;
}

/** Deletes a rule's rows a batch at a time; rows a request holds are left for the next run. */
export async function applyRule(db: Kysely<Database>, rule: RetentionRule, now: Date, periods: RetentionPeriods): Promise<number> {
  const where = rule.where(now, periods);
  if (!where) return 0;
  const table = sql.id(rule.table);
  const key = sql.id(rule.key);
  let total = 0;
  for (;;) {
    const result = await sql`delete from ${table} where ${key} in (
      select ${key} from ${table} where ${where} limit ${sql.lit(RETENTION_BATCH)} for update skip locked)`.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    total += count;
    if (count < RETENTION_BATCH) return total;
  }
}

/**
 * Vacuums every table, one statement each so requests interleave. Cheap when little changed: VACUUM
 * skips the pages its visibility map marks all-visible. (Which tables changed cannot be asked: the
 * embedded database keeps no activity statistics.)
 */
async function vacuumEveryTable(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace s on s.oid = c.relnamespace
    where s.nspname = 'public' and c.relkind = 'r' order by c.relname`.execute(db);
  for (const { name } of rows) await sql`vacuum ${sql.id(name)}`.execute(db);
  return rows.map((row) => row.name);
}
