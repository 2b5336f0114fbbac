import type { CompiledQuery, DatabaseConnection, Dialect, Driver, Kysely, QueryCompiler, QueryResult, TransactionSettings } from 'kysely';

type Listener = () => void;

/** A statement that may change rows; `select … for update` matches too, which only costs a spare notice. */
const WRITES = /\b(insert|update|delete|merge|truncate|alter|drop)\b/i;

/**
 * Tells in-process read caches (server/db/read-cache.ts) that a table they read from has changed.
 * Every statement of the app passes through the dialect below; one that writes a watched table
 * notifies that table's listeners once its change is visible to new reads: right after the statement
 * outside a transaction, after COMMIT (or ROLLBACK) inside one. The SQL text is read conservatively
 * (a write keyword and the table's name anywhere in it), so a cache may be cleared for nothing but
 * never misses a change made through this process. Changes made by other processes (another instance
 * on the same Postgres, psql) are not seen: caches bound those by their time to live.
 */
export class WriteWatch {
  /**
   * Told each statement's duration and outcome when set (the metrics plugin sets it only when metrics
   * are on: the clock is read twice a statement then, never otherwise).
   */
  timeStatement: ((seconds: number, ok: boolean) => void) | null = null;
  /** Runs each statement inside a span when set (tracing on: server/observability/tracing.ts). */
  traceStatement: (<T>(text: string, run: () => Promise<T>) => Promise<T>) | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  private patterns: { table: string; pattern: RegExp }[] = [];

  /** Calls `listener` after each committed write to one of `tables`; returns the unsubscribe. */
  on(tables: readonly string[], listener: Listener): () => void {
    for (const table of tables) {
      let set = this.listeners.get(table);
      if (!set) {
        set = new Set();
        this.listeners.set(table, set);
        this.patterns.push({ table, pattern: new RegExp(`\\b${table}\\b`, 'i') });
      }
      set.add(listener);
    }
    return () => {
      for (const table of tables) this.listeners.get(table)?.delete(listener);
    };
  }

  /** The watched tables a statement may write. */
  tablesWritten(sql: string): string[] {
    if (this.patterns.length === 0 || !WRITES.test(sql)) return [];
    return this.patterns.filter(({ pattern }) => pattern.test(sql)).map(({ table }) => table);
  }

  notify(tables: Iterable<string>): void {
    const called = new Set<Listener>();
    for (const table of tables) {
      for (const listener of this.listeners.get(table) ?? []) {
        if (called.has(listener)) continue;
        called.add(listener);
        listener();
      }
    }
  }

  /** `dialect`, with every statement of every connection watched. */
  wrap(dialect: Dialect): Dialect {
    return {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => new WatchedDriver(dialect.createDriver(), this),
      createIntrospector: (db: Kysely<unknown>) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    };
  }
}

class WatchedConnection implements DatabaseConnection {
  /** Tables written since BEGIN; null outside a transaction. */
  pending: Set<string> | null = null;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly watch: WriteWatch,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const traceStatement = this.watch.traceStatement;
    if (traceStatement) return traceStatement(query.sql, () => this.executeTimed<R>(query));
    return this.executeTimed<R>(query);
  }

  private async executeTimed<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const time = this.watch.timeStatement;
    if (!time) return this.executeWatched<R>(query);
    const started = performance.now();
    let ok = false;
    try {
      const result = await this.executeWatched<R>(query);
      ok = true;
      return result;
    } finally {
      time((performance.now() - started) / 1000, ok);
    }
  }

  private async executeWatched<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const tables = this.watch.tablesWritten(query.sql);
    if (tables.length === 0) return this.inner.executeQuery<R>(query);
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      if (this.pending) for (const table of tables) this.pending.add(table);
      else this.watch.notify(tables);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class WatchedDriver implements Driver {
  /** One wrapper per pooled connection, so a transaction's state stays with its connection. */
  private readonly wrappers = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly watch: WriteWatch,
  ) {
    const savepoints = ['savepoint', 'rollbackToSavepoint', 'releaseSavepoint'] as const;
    for (const method of savepoints) {
      const forward = inner[method]?.bind(inner);
      if (forward) {
        this[method] = (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) =>
          forward((connection as WatchedConnection).inner, name, compile);
      }
    }
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) {
      wrapper = new WatchedConnection(connection, this.watch);
      this.wrappers.set(connection, wrapper);
    }
    return wrapper;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    await this.inner.beginTransaction(watched.inner, settings);
    watched.pending = new Set();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.commitTransaction(watched.inner);
    } finally {
      this.end(watched);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.rollbackTransaction(watched.inner);
    } finally {
      this.end(watched);
    }
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  private end(connection: WatchedConnection): void {
    const written = connection.pending;
    connection.pending = null;
    // After a rollback too: nothing changed then, and a spare notice only empties a cache.
    if (written && written.size > 0) this.watch.notify(written);
  }
}
