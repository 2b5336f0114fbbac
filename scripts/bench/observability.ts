/**
 * `npm run bench:observability`: what metrics and tracing cost. GET /v1/user (signed in) on the built
 * server, three arrangements run in turn, round after round (so a noisy neighbour hits each alike):
 * off; metrics on (METRICS_PORT, scraped every second as Prometheus would); metrics and tracing on,
 * exporting every span to a local OTLP/HTTP collector. Prints the median requests per second of each
 * and its ratio to off (goals, #39: ≤ 5 % lower with metrics, ≤ 15 % with tracing exporting).
 *   BENCH_SECONDS (default 8) per run, BENCH_ROUNDS (default 3).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from '../../server/config/project-root';
import { ensureBuilt } from './build';
import { publishableKey, signUp } from './sessions';

type Arrangement = 'off' | 'metrics' | 'metrics + tracing';

interface RunningServer {
  url: string;
  metricsUrl: string | null;
  stop: () => Promise<void>;
}

/**
 * The built server in a process of its own. On a machine other engineers load (a load average of 20
 * on 2 cores was seen), a plugin can miss Fastify's 10 s start timeout: such a start is tried again,
 * up to three times, rather than losing the whole run.
 */
async function startServer(extra: Record<string, string>): Promise<RunningServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerOnce(extra);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`the server did not start (attempt ${attempt}), trying again: ${String(error).split('\n').find((line) => /Error|Cannot/.test(line)) ?? ''}`);
    }
  }
}

async function startServerOnce(extra: Record<string, string>): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-observability-'));
  const env = { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'off', ...extra };
  const child = spawn(process.execPath, ['dist/server/server.js'], { cwd: projectRoot(), env });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Ready: (http:\/\/[^/\s]+)\//.exec(output);
      if (found?.[1]) resolve(found[1]);
    });
    void exited.then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      reject(new Error(`server exited:\n${output}`));
    });
  });
  return {
    url,
    metricsUrl: extra.METRICS_PORT ? `http://127.0.0.1:${extra.METRICS_PORT}/metrics` : null,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A port free right now. Fixed ports (39400…) sat in Linux's ephemeral range (32768–60999), so an
 * outgoing connection of this machine could hold one: the tracing run once failed with EADDRINUSE.
 */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function measure(arrangement: Arrangement, collector: string): Promise<number> {
  const extra: Record<string, string> = {};
  if (arrangement !== 'off') extra.METRICS_PORT = String(await freePort());
  if (arrangement === 'metrics + tracing') extra.OTEL_EXPORTER_OTLP_ENDPOINT = collector;
  const server = await startServer(extra);
  try {
    const session = await signUp(server.url, await publishableKey(server.url), 'observability');
    const options = { url: `${server.url}/v1/user`, connections: 20, headers: { authorization: `Bearer ${session.access_token}` } };
    await autocannon({ ...options, duration: 2 }); // warm-up: JIT, caches
    const scrape = server.metricsUrl ? setInterval(() => void fetch(server.metricsUrl!).then((response) => response.text()), 1000) : null;
    const result = await autocannon({ ...options, duration: Number(process.env.BENCH_SECONDS ?? 8) });
    if (scrape) clearInterval(scrape);
    if (result.non2xx > 0) throw new Error(`${arrangement}: ${result.non2xx} answers were not 2xx`);
    return result.requests.average;
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  ensureBuilt();
  let spans = 0;
  const sink = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      spans += (body.match(/"spanId"/g) ?? []).length;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const collector = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
  const arrangements: Arrangement[] = ['off', 'metrics', 'metrics + tracing'];
  const results = new Map<Arrangement, number[]>(arrangements.map((name) => [name, []]));
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  // The machine is shared: the load beside the figures says how far to trust them.
  const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
  console.log(`load average at start: ${load()}`);
  for (let round = 0; round < rounds; round += 1) {
    for (const arrangement of arrangements) {
      const perSecond = await measure(arrangement, collector);
      results.get(arrangement)?.push(perSecond);
      console.log(`round ${round + 1}: ${arrangement.padEnd(18)} ${perSecond.toFixed(0)} req/s`);
    }
  }
  sink.close();
  const off = median(results.get('off') ?? []);
  console.log('\nGET /v1/user, median of', rounds, 'rounds:');
  for (const arrangement of arrangements) {
    const value = median(results.get(arrangement) ?? []);
    console.log(`  ${arrangement.padEnd(18)} ${value.toFixed(0).padStart(6)} req/s  ${((100 * (value - off)) / off).toFixed(1).padStart(6)} % against off`);
  }
  console.log(`  spans the collector received: ${spans}`);
  console.log(`load average at end: ${load()}`);
}

await main();
