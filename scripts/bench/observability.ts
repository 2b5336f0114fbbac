/**
 * `npm run bench:observability`: what metrics and tracing cost. GET /v1/user (signed in) on the built
 * server, four arrangements run in turn, round after round (so a noisy neighbour hits each alike):
 * off; metrics on (METRICS_PORT, scraped every second as Prometheus would); metrics and tracing on,
 * every request traced and exported to a local OTLP/HTTP collector; the same with the head sampling
 * docs/operations.md recommends (OTEL_TRACES_SAMPLER=parentbased_traceidratio, BENCH_TRACE_RATIO,
 * default 0.1). Prints, for each, the median requests per second and its ratio to off (goals, #39:
 * ≤ 5 % lower with metrics, ≤ 15 % with tracing exporting), and the server's own CPU time per request
 * (user + system, from /proc: what the arrangement costs the server, whatever the load generator on
 * the same two cores managed to send).
 * The load generator (this process: autocannon and the collector) and the server each get one of the
 * machine's two cores (`taskset -c`; BENCH_PIN=0 leaves both free to move): sharing one, every
 * microsecond the server spent more showed several times over in req/s through the cross-core wake-up
 * of the generator (docs/operations.md, cost). CPU-µs per request is the figure that does not depend on
 * the load generator or the neighbours' load.
 *   BENCH_SECONDS (default 8) per run, BENCH_ROUNDS (default 3), BENCH_TRACE_RATIO (default 0.1),
 *   BENCH_SERVER (default dist/server/server.js).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from '../../server/config/project-root';
import { ensureBuilt } from '../../tests/helpers/build';
import { processCpuSeconds } from '../../tests/helpers/process-cpu';
import { publishableKey, signUp } from './sessions';

const traceRatio = Number(process.env.BENCH_TRACE_RATIO ?? 0.1);
const sampledName = `metrics + tracing ${traceRatio * 100} %`;
type Arrangement = 'off' | 'metrics' | 'metrics + tracing 100 %' | typeof sampledName;

interface Figures {
  perSecond: number;
  /** The server process's CPU time (user + system) over the measured run, per request answered. */
  cpuPerRequest: number | null;
}

interface RunningServer {
  url: string;
  metricsUrl: string | null;
  /** The server's CPU time so far in microseconds (Linux /proc), null elsewhere. */
  cpu: () => number | null;
  stop: () => Promise<void>;
}

/** Pinning as BENCH_PIN says (default on, where taskset exists): the server on CPU 1, this process on CPU 0. */
const pinned = process.env.BENCH_PIN !== '0' && hasTaskset();
const SERVER_CPU = '1';
const GENERATOR_CPU = '0';

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A process's user + system time in microseconds (/proc, clock ticks of 10 ms). */
function processCpu(pid: number | undefined): number | null {
  const seconds = processCpuSeconds(pid);
  return seconds === null ? null : Math.round(seconds * 1_000_000);
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
  // BENCH_SERVER measures another bundle (one built elsewhere, e.g. from an earlier commit), as in bench:profile.
  const bundle = process.env.BENCH_SERVER ?? 'dist/server/server.js';
  const child = pinned ? spawn('taskset', ['-c', SERVER_CPU, process.execPath, bundle], { cwd: projectRoot(), env }) : spawn(process.execPath, [bundle], { cwd: projectRoot(), env });
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
    cpu: () => processCpu(child.pid),
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

async function measure(arrangement: Arrangement, collector: string): Promise<Figures> {
  const extra: Record<string, string> = {};
  if (arrangement !== 'off') extra.METRICS_PORT = String(await freePort());
  if (arrangement.startsWith('metrics + tracing')) extra.OTEL_EXPORTER_OTLP_ENDPOINT = collector;
  if (arrangement === sampledName) Object.assign(extra, { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: String(traceRatio) });
  const server = await startServer(extra);
  try {
    const session = await signUp(server.url, await publishableKey(server.url), 'observability');
    const options = { url: `${server.url}/v1/user`, connections: 20, headers: { authorization: `Bearer ${session.access_token}` } };
    await autocannon({ ...options, duration: 2 }); // warm-up: JIT, caches
    const scrape = server.metricsUrl ? setInterval(() => void fetch(server.metricsUrl!).then((response) => response.text()), 1000) : null;
    const cpuBefore = server.cpu();
    const result = await autocannon({ ...options, duration: Number(process.env.BENCH_SECONDS ?? 8) });
    const cpuAfter = server.cpu();
    if (scrape) clearInterval(scrape);
    if (result.non2xx > 0) throw new Error(`${arrangement}: ${result.non2xx} answers were not 2xx`);
    const cpuPerRequest = cpuBefore === null || cpuAfter === null || result.requests.total === 0 ? null : (cpuAfter - cpuBefore) / result.requests.total;
    return { perSecond: result.requests.average, cpuPerRequest };
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** `"spanId"` in a body: the OTLP/HTTP JSON exporter writes one per span (and one parentSpanId, another key). */
const SPAN_KEY = Buffer.from('"spanId"');

async function main(): Promise<void> {
  ensureBuilt();
  // Every thread of this process (autocannon, the collector, libuv's pool) on the other core than the server's.
  if (pinned) execFileSync('taskset', ['-a', '-p', '-c', GENERATOR_CPU, String(process.pid)], { stdio: 'ignore' });
  // The collector shares the two cores with the server and the load generator (this process), so it
  // does as little as a real collector's front door would on another machine: takes the body, answers
  // 200, and counts spans with a byte search, never decoding the body into a string or parsing it.
  let spans = 0;
  let exportBytes = 0;
  const sink = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      exportBytes += body.length;
      for (let at = body.indexOf(SPAN_KEY); at !== -1; at = body.indexOf(SPAN_KEY, at + SPAN_KEY.length)) spans += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const collector = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
  const arrangements: Arrangement[] = ['off', 'metrics', 'metrics + tracing 100 %', sampledName];
  const results = new Map<Arrangement, Figures[]>(arrangements.map((name) => [name, []]));
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  // The machine is shared: the load beside the figures says how far to trust them.
  const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
  const cpu = (figures: Figures) => (figures.cpuPerRequest === null ? 'n/a' : `${figures.cpuPerRequest.toFixed(1)} µs`);
  console.log(`load average at start: ${load()}; ${pinned ? `server pinned to CPU ${SERVER_CPU}, load generator to CPU ${GENERATOR_CPU}` : 'not pinned'}`);
  for (let round = 0; round < rounds; round += 1) {
    for (const arrangement of arrangements) {
      const figures = await measure(arrangement, collector);
      results.get(arrangement)?.push(figures);
      console.log(`round ${round + 1}: ${arrangement.padEnd(26)} ${figures.perSecond.toFixed(0).padStart(6)} req/s  server CPU ${cpu(figures)}/request  (load ${load()})`);
    }
  }
  sink.close();
  const medianOf = (arrangement: Arrangement, pick: (figures: Figures) => number | null) => {
    const values = (results.get(arrangement) ?? []).map(pick).filter((value): value is number => value !== null);
    return values.length === 0 ? null : median(values);
  };
  const off = medianOf('off', (figures) => figures.perSecond) ?? 0;
  const offCpu = medianOf('off', (figures) => figures.cpuPerRequest);
  console.log(`\nGET /v1/user, median of ${rounds} rounds (req/s against off; server CPU per request against off):`);
  for (const arrangement of arrangements) {
    const value = medianOf(arrangement, (figures) => figures.perSecond) ?? 0;
    const cpuValue = medianOf(arrangement, (figures) => figures.cpuPerRequest);
    const cpuText = cpuValue === null ? 'n/a' : `${cpuValue.toFixed(1).padStart(6)} µs${offCpu ? `  ${((100 * (cpuValue - offCpu)) / offCpu).toFixed(1).padStart(6)} %` : ''}`;
    console.log(`  ${arrangement.padEnd(26)} ${value.toFixed(0).padStart(6)} req/s  ${((100 * (value - off)) / off).toFixed(1).padStart(6)} %   CPU ${cpuText}`);
  }
  console.log(`  spans the collector received: ${spans} (${(exportBytes / 1e6).toFixed(1)} MB of OTLP/HTTP JSON)`);
  console.log(`load average at end: ${load()}`);
}

await main();
