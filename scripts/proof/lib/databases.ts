import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseHandle } from '../../../server/db/client';
import { createTestDatabase } from '../../../tests/helpers/database';
import { only } from './options';

/**
 * The databases a proof runs on: PGlite always, Postgres when one answers. Postgres is the server
 * named by PROOF_DATABASE_URL or TEST_DATABASE_URL, else the local default; each run works in a
 * database of its own, created and dropped here, so it never touches anyone's data.
 */
export type ProofTarget = { kind: 'pglite'; label: 'PGlite' } | { kind: 'postgres'; label: 'Postgres'; url: string };

export const postgresServerUrl = process.env.PROOF_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Why Postgres is skipped, or null when it answers. */
export async function postgresUnavailable(url = postgresServerUrl): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PGlite, then Postgres when it answers (a skipped Postgres is printed, not failed). */
export async function proofTargets(): Promise<ProofTarget[]> {
  const targets: ProofTarget[] = [];
  if (only !== 'postgres') targets.push({ kind: 'pglite', label: 'PGlite' });
  if (only !== 'pglite') {
    const reason = await postgresUnavailable();
    if (reason) console.log(`Postgres: skipped (no server answered at ${new URL(postgresServerUrl).host}: ${reason})`);
    else targets.push({ kind: 'postgres', label: 'Postgres', url: postgresServerUrl });
  }
  return targets;
}

/** A fresh migrated database for an in-process app (the test suite's helper: in-memory PGlite or a throw-away Postgres database). */
export async function inProcessDatabase(target: ProofTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    process.env.TEST_DATABASE = 'postgres';
    process.env.TEST_DATABASE_URL = target.url;
  } else {
    delete process.env.TEST_DATABASE;
  }
  return createTestDatabase();
}

/** An empty Postgres database for a server child process; `drop()` removes it (even while connected). */
export async function scratchPostgres(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `proof_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
