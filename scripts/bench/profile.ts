/**
 * `npm run bench:profile -- /v1/user`: a CPU profile of the built server under load on one endpoint
 * (node --cpu-prof), then the functions with the most self time. For finding causes, not for figures.
 * The target is a path (GET, signed in) or a word naming one of `npm run bench`'s endpoints, with
 * the same bodies and visitors: `otp` (code send), `verify` (wrong code), `refresh`.
 *   BENCH_DATABASE_URL=postgres://… profiles on Postgres instead of PGlite.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from '../../server/config/project-root';
import { ensureBuilt } from '../../tests/helpers/build';
import { productEndpoints } from './api';
import { publishableKey, signUp } from './sessions';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time by package and by function, counting only samples inside `window` (microseconds of the
 * monotonic clock, which V8's profiler and process.hrtime share on Linux): start-up and shutdown
 * (module compilation, migrations, file opens) would otherwise crowd the load's own costs.
 */
function summarise(profile: Profile, window: { from: number; to: number }, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < window.from || at > window.to) return;
    const url = node.callFrame.url.replace(/^file:\/\//, '').replace(projectRoot(), '');
    const key = `${node.callFrame.functionName || '(anonymous)'} ${url}:${node.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + delta);
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? (url.startsWith('/dist/') ? 'product code' : url === '' ? node.callFrame.functionName : 'node internals');
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + delta);
  });
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  const idle = byPackage.get('(idle)') ?? 0;
  const busy = `busy ${((100 * (total - idle)) / total).toFixed(1)} % of the load window (${(total / 1e6).toFixed(1)} s)`;
  const lines = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, value]) => `${((100 * value) / total).toFixed(1).padStart(5)} %  ${key}`)
      .join('\n');
  return `${busy}\n\nby package / area:\n${lines(byPackage)}\n\nby function (self time):\n${lines(self)}`;
}

async function main(): Promise<void> {
  const target = process.argv[2] ?? '/v1/user';
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'profile-data-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'profile-'));
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'off' };
  // The bench's visitors each name their own address (X-Forwarded-For), believed only from a configured proxy.
  env.TRUSTED_PROXIES = '127.0.0.1,::1';
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  // BENCH_SERVER profiles another bundle (one built elsewhere, e.g. from an earlier commit).
  const bundle = process.env.BENCH_SERVER ?? 'dist/server/server.js';
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, bundle], { cwd: projectRoot(), env });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await new Promise<string>((resolve) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Ready: (http:\/\/[^/\s]+)\//.exec(output);
      if (found?.[1]) resolve(found[1]);
    });
  });
  const connections = 50;
  const named = target.startsWith('/') ? undefined : (await productEndpoints(url)).find((endpoint) => endpoint.name.includes(target));
  if (!target.startsWith('/') && !named) throw new Error(`no bench endpoint named like ${target}`);
  const session = named ? undefined : await signUp(url, await publishableKey(url), 'profile');
  const options: autocannon.Options = named
    ? await named.options(url, connections)
    : { url: `${url}${target}`, connections, headers: { authorization: `Bearer ${session?.access_token ?? ''}` } };
  const microseconds = () => Number(process.hrtime.bigint() / 1000n);
  const from = microseconds();
  const result = await autocannon({ ...options, connections, duration: Number(process.env.BENCH_SECONDS ?? 10) });
  const to = microseconds();
  console.log(`${target}: ${result.requests.average} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}\n`);
  child.kill('SIGINT');
  await exited;
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  console.log(summarise(JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as Profile, { from, to }));
  console.log(`\nprofile: ${join(profileDir, file)} (open in Chrome DevTools › Performance)`);
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
