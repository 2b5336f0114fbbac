import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * The Postgres pass's run (vite.config.ts, `server-postgres`): its files' databases carry the run's
 * prefix (TEST_DATABASE_RUN, tests/helpers/database.ts). Each file drops its own when it closes;
 * the one made ahead for a next file that never came is dropped here, at the run's end.
 */
let url: string | undefined;
let run: string | undefined;

export function setup(project: TestProject): void {
  url = process.env.TEST_DATABASE_URL;
  run = project.config.env.TEST_DATABASE_RUN;
}

export async function teardown(): Promise<void> {
  if (!url || !run || !/^[a-z0-9]+$/.test(run)) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const left = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`test\\_${run}\\_%`]);
    for (const { datname } of left.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}
