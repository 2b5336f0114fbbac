import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migratedPGliteImage, migratedPGliteName } from './pglite-template';

/**
 * A new data folder (DATA_DIR) whose embedded database is already created and migrated, for a
 * server process a browser test starts (#40.3). On a fresh folder the server creates the cluster
 * (initdb) and runs every migration before it says it is ready: ~50 s of a 64–73 s start under load
 * 10–15, against 12–17 s on a migrated copy, and the browser files start six such servers per
 * `npm test`. The database is the saved image the server tests load (tests/helpers/pglite-template.ts,
 * named after PGlite's version and the migrations' text), unpacked once into a folder beside it and
 * copied where the server opens it (`<DATA_DIR>/pglite`, server/db/client.ts). A folder's first
 * life — the cluster made, every migration applied on disk — is tests/server/foundation/process.test.ts's
 * to prove, not the browser tests'.
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const unpacked = `${migratedPGliteName()}.dir`;
  if (!existsSync(unpacked)) {
    // Shares race harmlessly: each unpacks into its own folder and renames it into place.
    const partial = `${unpacked}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    const pglite = new PGlite(partial, { loadDataDir: await migratedPGliteImage() });
    await pglite.waitReady;
    await pglite.close();
    try {
      renameSync(partial, unpacked);
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(unpacked)) throw error;
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(unpacked, join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}
