/**
 * What Node 20's AsyncLocalStorage costs a request by itself (#39, docs/operations.md, cost): a bare
 * Fastify whose handler awaits three times, with and without one `als.run()` per request (what an
 * OpenTelemetry context manager does to carry the active span), alternated round after round. The
 * server is pinned to CPU 1 and this load generator to CPU 0; printed: req/s and the server's CPU-µs
 * per request. `node scripts/bench/async-context-floor.mjs` (`serve` is the server's own mode).
 */
import { execFileSync, spawn } from 'node:child_process';
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

if (process.argv[2] === 'serve') {
  const { default: Fastify } = await import('fastify');
  const als = process.env.ALS === '1' ? new AsyncLocalStorage() : null;
  const app = Fastify({ logger: false });
  if (als) app.addHook('onRequest', (request, reply, done) => als.run({ id: request.id }, done));
  // A few awaits, as a handler reading a session and the database would.
  app.get('/', async () => {
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.resolve();
    return { ok: true, store: als?.getStore()?.id ?? null };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`Ready ${app.server.address().port}`);
} else {
  const { default: autocannon } = await import('autocannon');
  execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
  /** user + system of a process in microseconds (/proc, clock ticks of 10 ms). */
  const cpu = (pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  };
  const run = async (als) => {
    const child = spawn('taskset', ['-c', '1', process.execPath, fileURLToPath(import.meta.url), 'serve'], { env: { ...process.env, ALS: als } });
    const port = await new Promise((resolve) => child.stdout.on('data', (data) => { const found = /Ready (\d+)/.exec(String(data)); if (found) resolve(found[1]); }));
    const url = `http://127.0.0.1:${port}/`;
    await autocannon({ url, connections: 20, duration: 1 });
    const before = cpu(child.pid);
    const result = await autocannon({ url, connections: 20, duration: 4 });
    const after = cpu(child.pid);
    child.kill();
    return { perSecond: result.requests.average, cpuPerRequest: (after - before) / result.requests.total };
  };
  for (let round = 1; round <= Number(process.env.BENCH_ROUNDS ?? 4); round += 1) {
    for (const als of ['0', '1']) {
      const figures = await run(als);
      console.log(`round ${round} AsyncLocalStorage ${als === '1' ? 'on ' : 'off'} ${figures.perSecond.toFixed(0)} req/s  ${figures.cpuPerRequest.toFixed(1)} µs CPU/request  (load ${loadavg()[0].toFixed(2)})`);
    }
  }
}
