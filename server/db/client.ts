import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      /**
       * An idle pooled connection failed (Postgres restarted, an admin ended the session). The pool
       * drops that connection and opens a new one on the next query; without a listener the pool's
       * 'error' event would crash the process.
       */
      onConnectionError?: (error: Error) => void;
    }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' };

// timestamptz and bigint come back as Date and string by default; counts are safer as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    pool.on('error', (error) => target.onConnectionError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return handle(db, 'postgres');
  }
  let client: PGlite;
  if (target.kind === 'pglite') {
    const dir = resolve(target.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return handle(db, 'pglite');
}

function handle(db: Kysely<Database>, kind: DatabaseKind): DatabaseHandle {
  return {
    db,
    kind,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
