import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { PreparedStatements } from './pglite-statements';

/**
 * PGlite is one in-process connection. Kysely hands a connection to a transaction for its whole
 * duration, so requests must queue for it: otherwise another request's statement would run inside
 * somebody else's BEGIN … COMMIT.
 */
class PGliteConnection implements DatabaseConnection {
  private readonly statements: PreparedStatements;

  constructor(private readonly pg: PGlite) {
    this.statements = new PreparedStatements(pg);
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (compiledQuery.parameters.length === 0) {
      // Without parameters use the simple protocol, as node-postgres does: it accepts several
      // statements at once (a migration file), which a prepared statement refuses.
      const results = await this.pg.exec(compiledQuery.sql);
      const last = results.at(-1);
      return { rows: (last?.rows ?? []) as R[] };
    }
    const result = await this.statements.query<R>(compiledQuery.sql, compiledQuery.parameters);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && result.fields.length === 0 ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield -- PGlite has no cursors; Kysely's contract still asks for the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}

class PGliteDriver implements Driver {
  private pg: PGlite | undefined;
  private connection: PGliteConnection | undefined;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;

  constructor(private readonly open: () => Promise<PGlite>) {}

  async init(): Promise<void> {
    this.pg = await this.open();
    await this.pg.waitReady;
    this.connection = new PGliteConnection(this.pg);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.release = release;
    if (!this.connection) throw new Error('PGlite used before the driver was initialised');
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.queue;
    await this.pg?.close();
  }
}

/** A Kysely dialect over one PGlite instance, given as is or opened on first use (`open`). */
export class PGliteDialect implements Dialect {
  private readonly open: () => Promise<PGlite>;

  constructor(pg: PGlite | (() => Promise<PGlite>)) {
    this.open = typeof pg === 'function' ? pg : async () => pg;
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.open);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
