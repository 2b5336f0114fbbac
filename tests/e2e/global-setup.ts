import { rmSync } from 'node:fs';
import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from '../helpers/browser';
import { ensureBuilt } from '../helpers/build';
import { roomyLimits } from '../helpers/roomy-limits';
import { startBuiltServer, type RunningServer } from '../helpers/server-process';
import { migratedDataDir } from '../helpers/migrated-data-dir';
import { processCpuSeconds, processTreeCpuSeconds } from '../helpers/process-cpu';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The run's Chromium, which each file connects to (tests/helpers/file-browser.ts). */
    browserWSEndpoint: string;
  }
}

let server: RunningServer | undefined;
let browserServer: BrowserServer | undefined;
let dataDir: string | undefined;

/** One built SPA and one real server (fresh PGlite folder) for every browser test file. */
export async function setup(project: TestProject): Promise<void> {
  // The SPA and the server's bundle, built afresh unless E2E_SKIP_BUILD=1 says the run's build is current.
  ensureBuilt({ rebuild: process.env.E2E_SKIP_BUILD !== '1' });
  // Already migrated: the server's start skips initdb and the migrations (tests/helpers/migrated-data-dir.ts).
  dataDir = await migratedDataDir('e2e-data-');
  // Tests that sign in through the API name their own visitor in X-Forwarded-For (believed only from
  // a configured proxy), so they do not share the browser's per-address limits.
  // The built bundle, not the sources through tsx: ready ~1.5 s sooner (5.0/4.1 s beside 6.4/6.0 s
  // at load 4-5, #40.3) and nothing compiled while pages load. Up to 3 minutes to start: on a
  // 2-core machine that several people load at once, a minute was seen to pass before it was ready.
  // One Chromium for the run, started beside the server: files connect to it instead of each
  // launching its own (tests/helpers/file-browser.ts).
  [server, browserServer] = await Promise.all([
    startBuiltServer({ DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', TRUSTED_PROXIES: '127.0.0.1,::1', ...roomyLimits }, { timeoutMs: 180_000 }),
    launchBrowserServer(),
  ]);
  project.provide('baseURL', server.url);
  project.provide('browserWSEndpoint', browserServer.wsEndpoint());
}

export async function teardown(): Promise<void> {
  // The shared Chromium's CPU (its whole process tree: the browser, its zygote, the renderers), read before it goes:
  // nothing else counts it (tests/helpers/process-cpu.ts).
  const chromiumSeconds = processTreeCpuSeconds(browserServer?.process().pid);
  if (chromiumSeconds !== null) console.log(`The run's Chromium used ${chromiumSeconds.toFixed(1)} CPU-s (its renderers not in this step's own CPU time; its browser, GPU and utility processes are).`);
  // The server's share of the step's own CPU (its database with it, PGlite in the same process).
  const serverSeconds = processCpuSeconds(server?.child.pid);
  if (serverSeconds !== null) console.log(`The run's server used ${serverSeconds.toFixed(1)} CPU-s (in this step's own CPU time).`);
  await Promise.all([server?.stop(), browserServer?.close()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
