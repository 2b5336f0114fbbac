/**
 * `npm run proof:load [-- --short]`: autocannon against the built server (a child process, rebuilt
 * first) on PGlite and on Postgres: the bench's product endpoints (config, a signed-in read, code
 * sends, wrong-code checks, token refresh) plus a signed-in write. Prints per endpoint: requests per
 * second, p50 and p99 latency, non-2xx answers (expected for the wrong-code check), 5xx, errors and
 * timeouts, and the server's memory (RSS) before, at its peak under load, and after. Goal: no 5xx,
 * no errors, no timeouts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { roomyLimits } from '../../tests/helpers/roomy-limits';
import { startServerProcess, type RunningServer } from '../../tests/helpers/server-process';
import { productEndpoints, type Endpoint } from '../bench/api';
import { fakeClientAddress, publishableKey, signUp } from '../bench/sessions';
import { postgresServerUrl, postgresUnavailable, scratchPostgres } from './lib/databases';
import { only, short, sized } from './lib/options';
import { heading, table, verdict } from './lib/report';

const SECONDS = sized('PROOF_LOAD_SECONDS', 10, 3);
const CONNECTIONS = sized('PROOF_LOAD_CONNECTIONS', 50, 50);

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/** A signed-in write: each request stores a new value in the user's data. */
async function writeEndpoint(baseURL: string): Promise<Endpoint> {
  const apikey = await publishableKey(baseURL);
  const writer = await signUp(baseURL, apikey, 'load-writer');
  let counter = 0;
  return {
    name: 'PATCH /v1/user/data (signed-in write)',
    options: async (url, connections) => ({
      url: `${url}/v1/user/data`,
      connections,
      requests: [
        {
          method: 'PATCH',
          setupRequest: (request) => ({
            ...request,
            headers: { 'content-type': 'application/json', apikey, authorization: `Bearer ${writer.access_token}`, 'x-forwarded-for': fakeClientAddress(++counter) },
            body: JSON.stringify({ load_counter: counter }),
          }),
        },
      ],
    }),
  };
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  s5xx: number;
  errors: number;
  timeouts: number;
  peakRss: number;
}

async function measure(server: RunningServer, endpoint: Endpoint): Promise<Row> {
  const options = await endpoint.options(server.url, CONNECTIONS);
  let peak = rssMb(server.child.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.child.pid))), 200);
  const result = await autocannon({ timeout: 10, ...options, duration: SECONDS });
  clearInterval(sampler);
  return {
    name: endpoint.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    s5xx: result['5xx'],
    errors: result.errors,
    timeouts: result.timeouts,
    peakRss: peak,
  };
}

async function main(): Promise<void> {
  console.log(`proof:load${short ? ' (short)' : ''}: ${SECONDS} s per endpoint at ${CONNECTIONS} connections`);
  const built = spawnSync('npm', ['run', 'build:server', '--silent'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build:server failed');
  const targets: { label: string; env: Record<string, string>; cleanup(): Promise<void> }[] = [];
  if (only !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'ringwise-load-'));
    targets.push({ label: 'PGlite', env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) });
  }
  if (only !== 'pglite') {
    const reason = await postgresUnavailable();
    if (reason) console.log(`Postgres: skipped (no server answered at ${new URL(postgresServerUrl).host}: ${reason})`);
    else {
      const scratch = await scratchPostgres(postgresServerUrl);
      targets.push({ label: 'Postgres', env: { DATABASE_URL: scratch.url }, cleanup: scratch.drop });
    }
  }
  const failures: string[] = [];
  for (const target of targets) {
    heading(`${target.label}`);
    // Each load request says it comes from its own visitor (the bench's convention), so per-address limits measure the real work.
    const server = await startServerProcess({ NODE_ENV: 'development', LOG_LEVEL: 'error', TRUSTED_PROXIES: '127.0.0.1,::1', GREETINGS_THREADS: '1', ...roomyLimits, ...target.env }, { bundled: true, timeoutMs: 120_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const idle = rssMb(server.child.pid);
      const endpoints = [...(await productEndpoints(server.url)), await writeEndpoint(server.url)];
      const rows: Row[] = [];
      for (const endpoint of endpoints) rows.push(await measure(server, endpoint));
      const after = rssMb(server.child.pid);
      console.log(
        table(
          ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', '5xx', 'errors', 'timeouts', 'peak RSS MB'],
          rows.map((row) => [row.name, row.rps, row.p50, row.p99, row.requests, row.non2xx, row.s5xx, row.errors, row.timeouts, row.peakRss]),
        ),
      );
      console.log(`server RSS: ${idle} MB idle before, ${Math.max(...rows.map((row) => row.peakRss))} MB at the peak, ${after} MB after`);
      console.log('non-2xx: the wrong-code check answers 403 by design; others are rate limits (429) where a load exceeds them');
      for (const row of rows) {
        if (row.s5xx) failures.push(`${target.label}: ${row.name}: ${row.s5xx} answers 5xx (goal 0)`);
        if (row.errors || row.timeouts) failures.push(`${target.label}: ${row.name}: ${row.errors} errors, ${row.timeouts} timeouts (goal 0)`);
      }
    } finally {
      await server.stop('SIGTERM');
      await target.cleanup();
    }
  }
  verdict('proof:load', failures);
}

await main();
