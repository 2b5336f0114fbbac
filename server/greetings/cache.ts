/**
 * A least-recently-used map bounded by bytes, not entries: greetings vary from a few kilobytes to a
 * few hundred. Pinned entries (the voice samples) are never evicted and do not count.
 */
export class ByteLruCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private readonly pinned = new Map<string, V>();
  private used = 0;

  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const pinned = this.pinned.get(key);
    if (pinned !== undefined) return pinned;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Re-insert to mark as most recently used (a Map iterates in insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, options: { pin?: boolean } = {}): void {
    this.delete(key);
    if (options.pin) {
      this.pinned.set(key, value);
      return;
    }
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return; // larger than the whole cache: serve it, keep nothing
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
  }

  delete(key: string): void {
    this.pinned.delete(key);
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.used -= entry.bytes;
    }
  }

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size + this.pinned.size;
  }
}
