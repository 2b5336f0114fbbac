/**
 * `npm run bench`: the product's performance figures side by side, printed as tables.
 *
 *   1. first-render JavaScript per page, as Chromium loads it from the built product;
 *   2. API throughput, p99 and timeouts at 50 and 200 connections, as a ratio to a bare Fastify
 *      route measured in one-second slices alternating with each endpoint's, on PGlite and (with BENCH_DATABASE_URL) on Postgres;
 *   3. the server's memory after start and after each of BENCH_RUNS (3) identical load runs: its
 *      resident set, and after two full garbage collections (scripts/bench/memory-probe.mjs, loaded
 *      into the bench's server only) the resident set and the heap still in use.
 *
 * BENCH_SECONDS (default 5) sets each load's duration; BENCH_DATABASE_URL=postgres://… adds the
 * Postgres runs (a throw-away database is created on that server and dropped after); BENCH_ONLY=pages,
 * api or postgres runs one part; BENCH_ENDPOINTS=user,otp keeps the endpoints whose name matches. Lighthouse is
 * `npm run bench:lighthouse`. Timings depend on what else the machine runs: compare ratios.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { launchBrowser } from '../tests/helpers/browser';
import { roomyLimits } from '../tests/helpers/roomy-limits';
import { startServerProcess, type RunningServer } from '../tests/helpers/server-process';
import { paired, productEndpoints } from './bench/api';
import { ensureBuilt } from '../tests/helpers/build';
import { benchPages } from './bench/pages';
import { formatPageTable, measurePageScripts, table } from './bench/page-js';
import { startBareServer } from './bench/bare-server';
import { projectRoot } from '../server/config/project-root';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const loadRuns = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const connectionLevels = [50, 200];

/** The machine's 1-minute load average: the figures depend on what else the shared cores run. */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startProduct(env: Record<string, string>): Promise<{ server: RunningServer; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const probe = { NODE_OPTIONS: `--import ${pathToFileURL(join(projectRoot(), 'scripts', 'bench', 'memory-probe.mjs')).href}`, ...(process.env.BENCH_HEAP_SNAPSHOTS ? { BENCH_HEAP_SNAPSHOTS: process.env.BENCH_HEAP_SNAPSHOTS } : {}) };
  // Each bench visitor names its own address in X-Forwarded-For (believed only from a configured proxy).
  const server = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', TRUSTED_PROXIES: '127.0.0.1,::1', ...roomyLimits, ...probe, ...env }, { bundled: true });
  return { server, dataDir };
}

interface MemoryProbe {
  probe: number;
  rssBefore: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** Asks the server's memory probe for its figures after a full collection (SIGUSR2, one output line). */
async function probeMemory(server: RunningServer, previous: number): Promise<MemoryProbe> {
  server.child.kill('SIGUSR2');
  for (let waited = 0; waited < 30_000; waited += 50) {
    const lines = server.output().match(/^bench-memory .*$/gm) ?? [];
    const last = lines.at(-1);
    if (last) {
      const figures = JSON.parse(last.slice('bench-memory '.length)) as MemoryProbe;
      if (figures.probe > previous) return figures;
    }
    await settle(50);
  }
  throw new Error('the server did not answer the memory probe');
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function memoryRow(moment: string, figures: MemoryProbe): string[] {
  return [moment, mb(figures.rssBefore), mb(figures.rss), mb(figures.heapUsed), mb(figures.heapTotal), mb(figures.external), mb(figures.arrayBuffers)];
}

async function pagesSection(baseURL: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const results = [];
    for (const target of benchPages(baseURL)) results.push(await measurePageScripts(browser, baseURL, target));
    console.log('\nFirst-render JavaScript (Chromium, 375 px, compressed script bodies)\n');
    console.log(formatPageTable(results));
  } finally {
    await browser.close();
  }
}

async function apiSection(label: string, env: Record<string, string>): Promise<void> {
  const { server, dataDir } = await startProduct(env);
  const bare = await startBareServer();
  const pid = server.child.pid!;
  try {
    await settle(2000);
    const memory: string[][] = [['moment', 'RSS (MB)', 'RSS after GC', 'heap used after GC', 'heap total', 'external', 'array buffers']];
    let probe = await probeMemory(server, 0);
    memory.push(memoryRow('after start', probe));
    const filter = process.env.BENCH_ENDPOINTS?.split(',');
    const endpoints = (await productEndpoints(server.url)).filter((endpoint) => !filter || filter.some((word) => endpoint.name.includes(word)));
    for (let run = 1; run <= loadRuns; run += 1) {
      const rows: string[][] = [['endpoint', 'conns', 'req/s', 'bare req/s', '× bare', 'CPU µs/req', 'bare CPU µs/req', '× bare (CPU)', 'p99 (ms)', 'timeouts', 'errors', 'non-2xx']];
      for (const connections of connectionLevels) {
        for (const endpoint of endpoints) {
          const { result, baseline } = await paired(
            endpoint.name,
            { ...(await endpoint.options(server.url, connections)), pid },
            { url: bare.url, connections, pid: bare.pid },
            seconds,
          );
          rows.push([
            result.name,
            String(connections),
            result.rps.toFixed(0),
            baseline.rps.toFixed(0),
            (result.rps / baseline.rps).toFixed(3),
            result.cpuPerRequest.toFixed(0),
            baseline.cpuPerRequest.toFixed(0),
            (baseline.cpuPerRequest / result.cpuPerRequest).toFixed(3),
            String(result.p99),
            String(result.timeouts),
            String(result.errors),
            String(result.non2xx),
          ]);
        }
      }
      console.log(`\nAPI on ${label}, load run ${run} (${seconds} s per endpoint, alternating with the bare route; load average ${loadAverage()})\n`);
      console.log(table(rows));
      await settle(2000);
      probe = await probeMemory(server, probe.probe);
      memory.push(memoryRow(`after load run ${run}`, probe));
    }
    console.log(`\nServer memory on ${label} (MB; RSS is the process's resident set 2 s after the load, the rest after two full garbage collections)\n`);
    console.log(table(memory));
  } finally {
    await bare.stop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withThrowawayDatabase(url: string, body: (url: string) => Promise<void>): Promise<void> {
  const name = `bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const target = new URL(url);
    target.pathname = `/${name}`;
    await body(target.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  ensureBuilt();
  const only = process.env.BENCH_ONLY;
  if (only !== 'api' && only !== 'postgres') {
    const { server, dataDir } = await startProduct({});
    try {
      await pagesSection(server.url);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (only === 'pages') return;
  if (only !== 'postgres') await apiSection('PGlite', {});
  const postgres = process.env.BENCH_DATABASE_URL;
  if (postgres) await withThrowawayDatabase(postgres, (url) => apiSection('Postgres', { DATABASE_URL: url }));
  else console.log('\n(BENCH_DATABASE_URL unset: no Postgres runs)');
}

await main();
