import { parseEnv } from '../config/env';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { KEY_PUBLISH_LEAD_MS, SigningKeyStore } from './keys';

/**
 * `npm run auth:rotate-key`: starts a signing-key rotation on the configured database. The new key
 * is published in the JWKS at once and signs after KEY_PUBLISH_LEAD_MS (clients cache the JWKS for
 * 10 minutes); the old key stays trusted for one access-token lifetime after that. Running
 * instances pick the change up within a minute.
 */
async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const database = openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR });
  try {
    await migrate(database.db);
    const store = new SigningKeyStore(database.db, () => new Date(), env.AUTH_JWT_EXPIRY_SECONDS * 1000);
    await store.init();
    const kid = await store.rotate();
    const at = new Date(Date.now() + KEY_PUBLISH_LEAD_MS).toISOString();
    process.stdout.write(`New signing key ${kid} published; it signs from ${at}.\n`);
  } finally {
    await database.close();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
