import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';
import { WriteWatch } from './write-watch';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Tells in-process read caches which tables this process has just written (server/db/read-cache.ts). */
  writes: WriteWatch;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** The Postgres pool's connections right now; absent on the embedded database (one connection, no pool). */
  poolStats?: () => { total: number; idle: number; waiting: number };
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
  /** In memory; `from` is a saved data directory (PGlite's dumpDataDir) to start from instead of an empty cluster. */
  | { kind: 'pglite-memory'; from?: Blob };

// timestamptz and bigint come back as Date and string by default; counts are safer as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  const writes = new WriteWatch();
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    pool.on('error', (error) => target.onConnectionError?.(error));
    const db = new Kysely<Database>({ dialect: writes.wrap(new PostgresDialect({ pool: namedStatements(pool) })) });
    return { ...handle(db, 'postgres', writes), poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) };
  }
  limitWasmCompileTasks();
  if (target.kind === 'pglite-memory') {
    const pglite = new PGlite({ ...pgliteOptions, ...(target.from ? { loadDataDir: target.from } : {}) });
    return handle(new Kysely<Database>({ dialect: writes.wrap(new PGliteDialect(pglite)) }), 'pglite', writes);
  }
  const dir = resolve(target.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const open = async () => {
    if (!existsSync(join(dir, 'PG_VERSION'))) await createClusterInChildProcess(dir);
    return new PGlite(dir, pgliteOptions);
  };
  return handle(new Kysely<Database>({ dialect: writes.wrap(new PGliteDialect(open)) }), 'pglite', writes);
}

/**
 * Postgres' defaults size its memory for a dedicated server (128 MB of shared buffers, all of it
 * touched inside PGlite's WebAssembly memory, which never shrinks). This product's data is a few
 * tables of sign-ups: 16 MB of buffers hold all of it many times over, and the operating system's
 * file cache sits behind them. Measured with `npm run bench` (docs/decisions/700-performance-budgets.md).
 */
export const pgliteSettings = {
  shared_buffers: '16MB',
  wal_buffers: '1MB',
  temp_buffers: '1MB',
  maintenance_work_mem: '16MB',
  // PGlite is single-user Postgres: no checkpointer, so WAL is only recycled at the checkpoints the
  // retention job asks for (server/retention/job.ts), and a checkpoint keeps up to min_wal_size
  // (80 MB by default) and max_wal_size (1 GB) of it. Two 16 MB segments are enough for one process;
  // measured: 235 MB of WAL after a bulk load, 34 MB after a checkpoint with these, 235 MB without.
  min_wal_size: '32MB',
  max_wal_size: '32MB',
} as const;

/**
 * PGlite's engine is 9 MB of WebAssembly that V8 compiles, then recompiles hot functions, on its
 * background threads. Each thread that compiles at the same time as another gets a malloc arena of
 * its own (tens of MB of compiler scratch memory, kept by glibc once freed): the server's memory
 * after start varied 233–301 MB from one start to the next with the default (one task per core),
 * 235–246 MB with one (#16, docs/decisions/703). A server start takes the same time within noise;
 * the compiled code is the same. Read by V8 when a module is compiled, so set before PGlite's.
 */
let compileTasksLimited = false;
function limitWasmCompileTasks(): void {
  if (compileTasksLimited) return;
  compileTasksLimited = true;
  setFlagsFromString('--wasm-num-compilation-tasks=1');
}

const pgliteOptions: PGliteOptions = {
  startParams: [...PGlite.defaultStartParams, ...Object.entries(pgliteSettings).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
};

/**
 * Creating a database cluster (initdb) grows PGlite's WebAssembly memory to several hundred MB that
 * the process would keep for its whole life; done by a short-lived process, the server then opens
 * the finished cluster at its everyday size. Only on the very first start of a data directory.
 */
async function createClusterInChildProcess(dir: string): Promise<void> {
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const source = `const { PGlite } = await import(${JSON.stringify(entry)}); const pg = new PGlite(process.argv[1]); await pg.waitReady; await pg.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((done, fail) => child.on('error', fail).on('exit', done));
  if (code !== 0) throw new Error(`creating the PGlite database in ${dir} failed (exit ${code}): ${errors.trim()}`);
}

/**
 * Every parameterised query runs as a named prepared statement (named after a hash of its text), so
 * each pooled connection parses and plans it once, not on every call: measured on the user-and-session
 * lookup, 0.28 ms → 0.12 ms a query. node-postgres keeps track of what each connection has prepared.
 */
function namedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      // Kysely builds a few texts per shape (IN lists of different lengths): keep the map bounded.
      if (names.size > 5000) names.clear();
      name = `rw_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  // Kysely keeps one connection object per client object it is given: hand it the same one each time.
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrapped.get(client);
      if (!wrapper) {
        wrapper = {
          query: ((query: unknown, parameters?: ReadonlyArray<unknown>) => {
            if (typeof query === 'string' && parameters && parameters.length > 0) {
              return client.query({ name: nameOf(query), text: query, values: [...parameters] });
            }
            return (client.query as (...args: unknown[]) => unknown)(query, parameters);
          }) as PostgresPoolClient['query'],
          release: () => client.release(),
        };
        wrapped.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

function handle(db: Kysely<Database>, kind: DatabaseKind, writes: WriteWatch): DatabaseHandle {
  return {
    db,
    kind,
    writes,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
