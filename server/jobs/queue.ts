import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/schema';

/**
 * pg-boss (a Postgres job queue: one schedule for every instance, retries with backoff, a kept
 * history) on the app's own database handle, so it runs the same on Postgres and on the embedded
 * PGlite: every statement goes through Kysely's connection (PGlite has one, Postgres a pool). pg-boss
 * 10 is the last major that runs on Node 20. It creates and upgrades its own `pgboss` schema under
 * its own advisory lock when it starts.
 */
export function createJobQueue(db: Kysely<Database>): PgBoss {
  return new PgBoss({
    db: {
      async executeSql(text: string, values?: unknown[]) {
        return db.executeQuery(CompiledQuery.raw(text, values ?? []));
      },
    },
    schema: 'pgboss',
    migrate: true,
    schedule: true,
    supervise: true,
    // Completed and failed runs stay queryable for a week (the team's admin page reads them), then go.
    deleteAfterSeconds: 7 * 24 * 3600,
  });
}
