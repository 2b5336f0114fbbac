import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../http/clock';

/** One hit counted in a fixed window that starts at the key's first hit. */
export interface Hit {
  count: number;
  /** When the window ends (epoch ms). */
  resetAt: number;
}

/** Counts hits per key; every rate limit of the product (auth rules and route limits) goes through one. */
export interface HitCounter {
  /** Counts `weight` (1 by default: a request; a cost such as spoken characters otherwise). */
  hit(key: string, windowMs: number, weight?: number): Promise<Hit>;
  /** The current window without counting (count 0 when none is open). */
  peek(key: string): Promise<Hit>;
}

const MEMORY_KEYS_CAP = 50_000;

/**
 * For one instance (PGlite, or a single server on Postgres): nothing leaves the process.
 *
 * At most `cap` keys. Reaching it, expired windows are deleted; if that frees less than a tenth of
 * the cap, the windows that started longest ago go too, down to nine tenths of it. So a full map
 * costs one pass per `cap / 10` new keys: before, a map full of live windows (an hour-long rule and
 * 50,000 visitors) was walked whole on every new key, 0.5 ms of the only thread each, which is what
 * slowed the second load run of `npm run bench` 3–10×. The price: a flood of that many new keys
 * inside one window lets the oldest keys start over (each still needs its own address or recipient,
 * which the per-address rules limit first).
 */
export class MemoryHitCounter implements HitCounter {
  /** In the order their windows started (a restarted window moves to the end). */
  private readonly windows = new Map<string, Hit>();

  constructor(
    private readonly clock: Clock,
    private readonly cap = MEMORY_KEYS_CAP,
  ) {}

  get size(): number {
    return this.windows.size;
  }

  async hit(key: string, windowMs: number, weight = 1): Promise<Hit> {
    const now = this.clock.now().getTime();
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      if (current) this.windows.delete(key);
      else if (this.windows.size >= this.cap) this.makeRoom(now);
      const fresh = { count: weight, resetAt: now + windowMs };
      this.windows.set(key, fresh);
      return { ...fresh };
    }
    current.count += weight;
    return { ...current };
  }

  async peek(key: string): Promise<Hit> {
    const current = this.windows.get(key);
    const now = this.clock.now().getTime();
    return current && current.resetAt > now ? { ...current } : { count: 0, resetAt: now };
  }

  private makeRoom(now: number): void {
    for (const [key, value] of this.windows) if (value.resetAt <= now) this.windows.delete(key);
    const target = Math.floor(this.cap * 0.9);
    if (this.windows.size <= target) return;
    for (const key of this.windows.keys()) {
      if (this.windows.size <= target) break;
      this.windows.delete(key);
    }
  }
}

/** Expired windows are deleted once every this many hits. */
const SWEEP_EVERY = 500;

/**
 * For several instances on one Postgres database: one atomic upsert per hit, so two instances
 * never both grant the last allowed request.
 *
 * Each hit commits without waiting for its WAL to reach the disk (`synchronous_commit = off` for
 * its own transaction only). The count is visible to every instance the moment it commits, as
 * before; what a crash of Postgres could lose is the last fraction of a second of counts, which a
 * rate limit can afford (a window would start over). Waiting for the flush made each hit a disk
 * write: on this machine's Postgres the code send, which counts two, served ~160 req/s (#16,
 * decision 704). Every other write of the product still waits for its flush.
 */
export class DatabaseHitCounter implements HitCounter {
  private hitsSinceSweep = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, windowMs: number, weight = 1): Promise<Hit> {
    const now = this.clock.now();
    const resetAt = new Date(now.getTime() + windowMs);
    const row = await this.db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return this.upsert(trx, key, now, resetAt, weight);
    });
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep >= SWEEP_EVERY) {
      this.hitsSinceSweep = 0;
      await this.db.deleteFrom('rate_limit_hits').where('reset_at', '<=', now).execute();
    }
    return { count: row.hits, resetAt: new Date(row.reset_at).getTime() };
  }

  private upsert(db: Kysely<Database>, key: string, now: Date, resetAt: Date, weight: number) {
    const expired = sql<boolean>`rate_limit_hits.reset_at <= ${now}`;
    return db
      .insertInto('rate_limit_hits')
      .values({ key, hits: weight, reset_at: resetAt })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          hits: sql<number>`case when ${expired} then ${weight}::integer else rate_limit_hits.hits + ${weight}::integer end`,
          reset_at: sql<Date>`case when ${expired} then ${resetAt}::timestamptz else rate_limit_hits.reset_at end`,
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
  }

  async peek(key: string): Promise<Hit> {
    const now = this.clock.now();
    const row = await this.db.selectFrom('rate_limit_hits').select(['hits', 'reset_at']).where('key', '=', key).where('reset_at', '>', now).executeTakeFirst();
    return row ? { count: row.hits, resetAt: new Date(row.reset_at).getTime() } : { count: 0, resetAt: now.getTime() };
  }
}
