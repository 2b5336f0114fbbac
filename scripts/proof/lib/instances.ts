import { openDatabase } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { startProofApp, type ProofApp } from './app';
import { heading } from './report';
import { proofTargets, scratchPostgres, type ProofTarget } from './databases';

/**
 * Runs `run` on one instance of the app (its own database on `target`), or on two instances sharing
 * one scratch Postgres database with the rate-limit store in it, as behind a load balancer. The apps
 * are closed and the scratch database dropped afterwards, whatever `run` did.
 */
export async function onInstances<T>(target: ProofTarget, twoInstances: boolean, env: Record<string, string>, run: (apps: ProofApp[]) => Promise<T>): Promise<T> {
  if (!twoInstances) {
    const app = await startProofApp(target, env);
    try {
      return await run([app]);
    } finally {
      await app.close();
    }
  }
  if (target.kind !== 'postgres') throw new Error('two instances need Postgres');
  const scratch = await scratchPostgres(target.url);
  const handles = [openDatabase({ kind: 'postgres', url: scratch.url }), openDatabase({ kind: 'postgres', url: scratch.url })];
  await migrate(handles[0]!.db);
  // One after the other: two apps creating their job queues at once on a fresh database deadlock in pg-boss.
  const apps: ProofApp[] = [];
  try {
    for (const handle of handles) apps.push(await startProofApp(target, { ...env, RATE_LIMIT_STORE: 'database' }, handle));
    return await run(apps);
  } finally {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await scratch.drop();
  }
}

/** One column of a proof's table: what one arrangement of instances and database gave. */
export interface Column<T> {
  label: string;
  result: T;
}

/**
 * The arrangements every proof runs on, each under its heading: PGlite and Postgres (when it
 * answers) with one instance, then Postgres with two instances on one database.
 */
export async function acrossTargets<T>(run: (target: ProofTarget, twoInstances: boolean) => Promise<T>): Promise<Column<T>[]> {
  const columns: Column<T>[] = [];
  for (const target of await proofTargets()) {
    heading(`${target.label}, one instance`);
    columns.push({ label: target.label, result: await run(target, false) });
    if (target.kind === 'postgres') {
      heading('Postgres, two instances');
      columns.push({ label: 'Postgres ×2', result: await run(target, true) });
    }
  }
  return columns;
}
