import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServerExpectingExit, startServerProcess } from '../../helpers/server-process';

// These start the real server process on PGlite; the Postgres pass covers the database layer itself.
describe.skipIf(process.env.TEST_DATABASE === 'postgres')('the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'server-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a bad PORT with one clear line', async () => {
    const { code, output } = await runServerExpectingExit({ PORT: 'http' });
    expect(code).toBe(78);
    expect(output.trim()).toBe('Invalid environment variable PORT="http": expected a port number between 0 and 65535');
  });

  it('refuses a bad DATABASE_URL with one clear line', async () => {
    const { code, output } = await runServerExpectingExit({ DATABASE_URL: 'localhost:5432/test' });
    expect(code).toBe(78);
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(output).toContain('DATABASE_URL');
  });

  it('creates its data folder, keeps it across restarts, and drains on SIGTERM', async () => {
    const env = { DATA_DIR: join(dataDir, 'nested', 'data'), LOG_LEVEL: 'info' };
    const first = await startServerProcess(env);
    expect(first.output()).toContain('database migrated');
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('shut down cleanly');

    const second = await startServerProcess(env);
    // Same folder, already migrated: nothing to apply means the data was kept.
    expect(second.output()).not.toContain('database migrated');
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
    expect(await second.stop('SIGINT')).toBe(0);
  }, 120_000);
});
