import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * The Postgres pass's run (vite.config.ts, `server-postgres`): its files' databases carry the run's
 * prefix (TEST_DATABASE_RUN, tests/helpers/database.ts). A file's database, once closed, is put back
 * and lent to the next file, so the last ones are still there at the run's end: dropped here, with
 * any a file never closed.
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
    const ours = `test\\_${run}\\_%`;
    // A copy may still be under way when the worker is closed (a file stopped while it waited for
    // its database): Postgres finishes a CREATE DATABASE whose client has gone, so wait for it (up to
    // 30 s) before looking. Without this wait, a spare copy made ahead was once left behind by each
    // whole run (seen in pg_database after four runs).
    for (let waited = 0; waited < 30_000; waited += 100) {
      const copying = await admin.query("select 1 from pg_stat_activity where state = 'active' and query ilike $1", [`create database ${ours}`]);
      if (copying.rowCount === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const left = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [ours]);
    for (const { datname } of left.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}
