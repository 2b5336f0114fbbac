import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface JobRun {
  id: string;
  job: string;
  state: string;
  retries: number;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** The run's summary on success, the error's message on failure. */
  output: unknown;
}

/** The latest runs of every job, newest first: live, then archived (pg-boss moves finished runs to its archive). */
export async function recentJobRuns(db: Kysely<Database>, limit = 50): Promise<JobRun[]> {
  const { rows } = await sql<{ id: string; name: string; state: string; retry_count: number; started_on: Date | null; completed_on: Date | null; output: unknown }>`
    select id, name, state::text as state, retry_count, started_on, completed_on, output
      from (
        select id, name, state, retry_count, started_on, completed_on, output, created_on from pgboss.job
        union all
        select id, name, state, retry_count, started_on, completed_on, output, created_on from pgboss.archive
      ) runs
     where name not like '\\_\\_%' escape '\\'
     order by created_on desc
     limit ${limit}`.execute(db);
  return rows.map((row) => ({ id: row.id, job: row.name, state: row.state, retries: row.retry_count, startedAt: row.started_on, finishedAt: row.completed_on, output: row.output }));
}
