/*
 * Loaded into the bench's server process only (NODE_OPTIONS=--import …, set by scripts/bench.ts;
 * never by the product's start): on SIGUSR2 it runs two full garbage collections and prints the
 * process's memory as one line, `bench-memory {json}`, which the bench reads from the server's
 * output. Heap used after a full collection is what is still reachable: it tells retained memory
 * (a cache, a leak) from garbage not yet collected, which RSS alone cannot.
 *
 * BENCH_HEAP_SNAPSHOTS=<dir> also writes a heap snapshot there at each probe (seconds of pause each;
 * for finding what retains memory, not for figures).
 */
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

// `gc` without starting the process with --expose-gc (not accepted in NODE_OPTIONS on Node 20).
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

let probes = 0;
process.on('SIGUSR2', () => {
  const rssBefore = process.memoryUsage.rss();
  gc();
  gc();
  const usage = process.memoryUsage();
  probes += 1;
  const dir = process.env.BENCH_HEAP_SNAPSHOTS;
  const snapshot = dir ? v8.writeHeapSnapshot(join(dir, `bench-${process.pid}-${probes}.heapsnapshot`)) : undefined;
  process.stdout.write(`bench-memory ${JSON.stringify({ probe: probes, rssBefore, ...usage, snapshot })}\n`);
});
