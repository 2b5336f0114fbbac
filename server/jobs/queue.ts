import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/schema';
import type { InFlight } from './in-flight';

/**
 * pg-boss (a Postgres job queue: one schedule for every instance, retries with backoff, a kept
 * history) on the app's own database handle, so it runs the same on Postgres and on the embedded
 * PGlite: every statement goes through Kysely's connection (PGlite has one, Postgres a pool). pg-boss
 * 10 is the last major that runs on Node 20.
 */
export function createJobQueue(db: Kysely<Database>, inFlight: InFlight): PgBoss {
  return new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => inFlight.track(executeOnOneConnection(db, text, values ?? [])) },
    schema: 'pgboss',
    // Its schema is migration 1051 (made once under the migrations' lock); start only checks its version.
    migrate: false,
    schedule: true,
    supervise: true,
    // Completed and failed runs stay queryable for a week (the team's admin page reads them), then go.
    deleteAfterSeconds: 7 * 24 * 3600,
  });
}

/**
 * pg-boss sends some work as one text with its own BEGIN … COMMIT. Should a statement in it fail, the
 * connection would stay inside an aborted transaction and refuse whatever the app sends next on it (on
 * PGlite, its only connection): the same connection is rolled back before the error goes on.
 */
async function executeOnOneConnection(db: Kysely<Database>, text: string, values: unknown[]) {
  return db.connection().execute(async (connection) => {
    try {
      return await connection.executeQuery(CompiledQuery.raw(text, values));
    } catch (error) {
      if (/\bbegin\b/i.test(text)) await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw error;
    }
  });
}
