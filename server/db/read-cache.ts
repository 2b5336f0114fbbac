/**
 * How stale a cached read may be when the change came from outside this process (another instance
 * on the same Postgres, an operator's SQL). Changes made through this process empty the cache as
 * soon as they are committed (server/db/write-watch.ts). Decision 701.
 */
export const READ_CACHE_TTL_MS = 2_000;

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/**
 * A small in-process cache of database reads, emptied whenever a table it reads from is written
 * through this process, and whose entries live READ_CACHE_TTL_MS at most. A read that was under way
 * while a write committed is not stored (it may hold the old row). Bounded: past `maxEntries` the
 * oldest entry goes.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Bumped by every clear: a read started before it must not be stored after it. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: { ttlMs?: number; maxEntries: number; now?: () => number }) {
    this.ttlMs = options.ttlMs ?? READ_CACHE_TTL_MS;
    this.maxEntries = options.maxEntries;
    this.now = options.now ?? (() => performance.now());
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Reads through `load`, storing what it finds (not `undefined`) unless the cache was cleared meanwhile.
   * The entry's life counts from the moment the read began, not when it answered: a row changed on
   * another instance at time T is then never served here after T + ttlMs, however slow the read
   * (erasure waits exactly that long before deleting, #41).
   */
  async load(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const generation = this.generation;
    const startedAt = this.now();
    const value = await load();
    if (value !== undefined && generation === this.generation && this.ttlMs > 0) {
      this.entries.delete(key);
      this.entries.set(key, { value, expiresAt: startedAt + this.ttlMs });
      if (this.entries.size > this.maxEntries) {
        const [oldest] = this.entries.keys();
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return value;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
