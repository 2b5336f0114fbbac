/**
 * `npm run data:retention`: one pass of the retention job (server/retention) against the configured
 * database — DATABASE_URL, or DATA_DIR's embedded database when the server is not running (only one
 * process may open it; the server runs the job itself every RETENTION_INTERVAL_MINUTES). Prints what
 * it deleted per rule, as JSON.
 */
import { parseEnv } from '../config/env';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { runRetention } from '../retention/job';
import { retentionPeriods } from '../retention/periods';
import { writeAndExit } from './exit';

export async function main(): Promise<number> {
  const env = parseEnv(process.env);
  const database = openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR });
  try {
    await migrate(database.db);
    const result = await runRetention(database, new Date(), retentionPeriods(env));
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && /data-retention\.(ts|js)$/.test(process.argv[1])) void main().then(writeAndExit);
