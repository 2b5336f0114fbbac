import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

// Any constant; it only has to be the same for every instance creating the first key.
const FIRST_KEY_LOCK = 4_242_500;

/**
 * The public ingest key the SPA's clients send as `api_key`. Generated on first start (32 hex
 * characters, the shape of an Amplitude project key) and kept in the database, so every instance
 * and every restart serves the same one. It is public by design, like Amplitude's: it identifies
 * the project, it does not authorise reading anything.
 */
export async function ensureIngestKey(db: Kysely<Database>): Promise<string> {
  const existing = await activeKey(db);
  if (existing) return existing;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${FIRST_KEY_LOCK})`.execute(trx);
    const again = await activeKey(trx);
    if (again) return again;
    const key = randomBytes(16).toString('hex');
    await trx.insertInto('analytics_api_keys').values({ api_key: key, label: 'web (generated on first start)' }).execute();
    return key;
  });
}

async function activeKey(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('analytics_api_keys')
    .select('api_key')
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.api_key;
}

/** Known, not revoked keys, cached briefly: every ingest request checks its key. */
export function createKeyChecker(db: Kysely<Database>, ttlMs = 30_000) {
  let cache: { keys: Set<string>; at: number } | null = null;
  return async function isKnownKey(key: string, now = Date.now()): Promise<boolean> {
    if (!cache || now - cache.at > ttlMs || !cache.keys.has(key)) {
      const rows = await db.selectFrom('analytics_api_keys').select('api_key').where('revoked_at', 'is', null).execute();
      cache = { keys: new Set(rows.map((row) => row.api_key)), at: now };
    }
    return cache.keys.has(key);
  };
}
