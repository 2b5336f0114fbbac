/**
 * `npm run bench`: the product's performance figures side by side, printed as tables.
 *
 *   1. first-render JavaScript per page, as Chromium loads it from the built product;
 *   2. API throughput, p99 and timeouts at 50 and 200 connections, as a ratio to a bare Fastify
 *      route measured in one-second slices alternating with each endpoint's, on PGlite and (with BENCH_DATABASE_URL) on Postgres;
 *   3. the server's resident memory after start and after each of two identical load runs.
 *
 * BENCH_SECONDS (default 5) sets each load's duration; BENCH_DATABASE_URL=postgres://… adds the
 * Postgres runs (a throw-away database is created on that server and dropped after); BENCH_ONLY=pages,
 * api or postgres runs one part; BENCH_ENDPOINTS=user,otp keeps the endpoints whose name matches. Lighthouse is
 * `npm run bench:lighthouse`. Timings depend on what else the machine runs: compare ratios.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { launchBrowser } from '../tests/helpers/browser';
import { startServerProcess, type RunningServer } from '../tests/helpers/server-process';
import { paired, productEndpoints } from './bench/api';
import { ensureBuilt } from './bench/build';
import { benchPages } from './bench/pages';
import { formatPageTable, measurePageScripts, table } from './bench/page-js';
import { startBareServer } from './bench/bare-server';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connectionLevels = [50, 200];

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** The machine's 1-minute load average: the figures depend on what else the shared cores run. */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startProduct(env: Record<string, string>): Promise<{ server: RunningServer; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  // Each bench visitor names its own address in X-Forwarded-For (believed only from a configured proxy).
  const server = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', TRUSTED_PROXIES: '127.0.0.1,::1', ...env }, { bundled: true });
  return { server, dataDir };
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
    const memory: string[][] = [['moment', 'RSS (MB)']];
    memory.push(['after start', String(residentMb(pid))]);
    const filter = process.env.BENCH_ENDPOINTS?.split(',');
    const endpoints = (await productEndpoints(server.url)).filter((endpoint) => !filter || filter.some((word) => endpoint.name.includes(word)));
    for (const run of [1, 2]) {
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
      memory.push([`after load run ${run}`, String(residentMb(pid))]);
    }
    console.log(`\nServer memory on ${label} (resident set of the server process)\n`);
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
