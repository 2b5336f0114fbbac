/**
 * `npm run bench:greetings`: speed of the greeting builder on this machine, against a real server
 * process (the bundle in dist/server when built, else the TypeScript sources through tsx; `--source`
 * forces the sources). Prints, for 40-word greetings:
 * - uncached: time to the first audio byte and to the last one, from the `GET /greetings` call;
 * - cached: the same greeting asked again (JSON + whole MP3);
 * - `/healthz` latency while 8 greetings are being made at once.
 * Only loopback traffic; every loop is bounded.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { greetingSchema, voiceNames, type GreetingLanguage, type VoiceName } from '../src/contracts/greetings';

const targets = { firstByteMs: 250, totalMs: 700, cachedMs: 10, healthP99Ms: 50 };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 17);

const companies = ['Summit Builders', 'Oak Ridge Roofing', 'Bright Spark Electric', 'Clearwater Plumbing', 'Stonegate Masonry', 'Northside Remodeling', 'Green Valley Landscaping', 'Ironwood Carpentry', 'Blue Sky Painting', 'Keystone Concrete'];

/** A 40-word greeting, different each time (so nothing comes from the cache). */
function greetingText(lang: GreetingLanguage, round: number): string {
  const company = `${companies[round % companies.length]} ${round + 1}`;
  return lang === 'fr'
    ? `Bonjour, vous êtes bien chez ${company}. Nous sommes sur un chantier et ne pouvons pas répondre. Laissez votre nom, votre numéro et une brève description de votre projet, et nous vous rappellerons dans la journée. Merci et à bientôt.`
    : `Hi, you've reached ${company}. We're on a job site right now and can't pick up. Please leave your name, number and a short description of your project, and we'll call you back today. Thanks for calling, and have a great day!`;
}

interface Timing {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
}

async function makeGreeting(base: string, text: string, voice: VoiceName, lang: GreetingLanguage): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(`${base}/greetings?${new URLSearchParams({ text, voice, lang })}`);
  if (!response.ok) throw new Error(`GET /greetings answered ${response.status}: ${await response.text()}`);
  const greeting = greetingSchema.parse(await response.json());
  const audio = await fetch(new URL(greeting.url, base));
  if (!audio.ok || !audio.body) throw new Error(`audio answered ${audio.status}`);
  const reader = audio.body.getReader();
  let firstByteMs = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0 && value.length > 0) firstByteMs = performance.now() - started;
    bytes += value.length;
  }
  return { firstByteMs, totalMs: performance.now() - started, bytes };
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
const verdict = (value: number, target: number) => (value < target ? 'ok' : 'OVER');

async function startServer(): Promise<{ base: string; stop: () => Promise<void>; kind: string }> {
  const bundled = existsSync('dist/server/server.js') && !process.argv.includes('--source');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-greetings-'));
  const args = bundled ? ['dist/server/server.js'] : ['--import', 'tsx', 'server/server.ts'];
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATA_DIR: dataDir, GREETINGS_RATE_LIMIT: '100000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const check = () => {
      const found = /Ready: (http:\/\/[^/\s]+)\//.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    base,
    kind: bundled ? 'bundled server (dist/server)' : 'server from sources (tsx)',
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const server = await startServer();
  const { base } = server;
  try {
    console.log(`Greeting builder benchmark — ${server.kind} at ${base}, ${ROUNDS} greetings per language`);
    // Warm-up: the threads start and load both engines (as they do when a real server starts).
    for (let index = 0; index < 4; index += 1) await makeGreeting(base, `Warming up ${index}. ${greetingText(index % 2 ? 'fr' : 'en', 100 + index)}`, voiceNames[index] ?? 'aria', index % 2 ? 'fr' : 'en');

    const uncached: Record<GreetingLanguage, Timing[]> = { en: [], fr: [] };
    for (const lang of ['en', 'fr'] as const) {
      for (let round = 0; round < ROUNDS; round += 1) {
        const text = greetingText(lang, round);
        uncached[lang].push(await makeGreeting(base, text, voiceNames[round % voiceNames.length] ?? 'aria', lang));
      }
    }
    const words = greetingText('en', 0).split(/\s+/).length;

    const cachedText = greetingText('en', 0);
    const cached: number[] = [];
    for (let round = 0; round < 30; round += 1) cached.push((await makeGreeting(base, cachedText, 'alice', 'en')).totalMs);

    // /healthz every 10 ms while 8 greetings are made at once (three waves).
    const health: number[] = [];
    let busy = true;
    const poller = (async () => {
      while (busy) {
        const started = performance.now();
        const response = await fetch(`${base}/healthz`);
        await response.arrayBuffer();
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const loadStarted = performance.now();
    const concurrent: Timing[] = [];
    for (let wave = 0; wave < 3; wave += 1) {
      const batch = await Promise.all(
        Array.from({ length: 8 }, (_, index) => makeGreeting(base, greetingText(index % 2 ? 'fr' : 'en', 1000 + wave * 8 + index), voiceNames[(wave * 8 + index) % voiceNames.length] ?? 'aria', index % 2 ? 'fr' : 'en')),
      );
      concurrent.push(...batch);
    }
    const loadMs = performance.now() - loadStarted;
    busy = false;
    await poller;

    const rows: [string, string, string, string][] = [];
    for (const lang of ['en', 'fr'] as const) {
      const first = percentile(uncached[lang].map((timing) => timing.firstByteMs), 0.5);
      const total = percentile(uncached[lang].map((timing) => timing.totalMs), 0.5);
      rows.push([`uncached ${lang}: first audio byte, median`, fmt(first), `< ${targets.firstByteMs} ms`, verdict(first, targets.firstByteMs)]);
      rows.push([`uncached ${lang}: whole greeting, median`, fmt(total), `< ${targets.totalMs} ms`, verdict(total, targets.totalMs)]);
      rows.push([`uncached ${lang}: whole greeting, p90`, fmt(percentile(uncached[lang].map((timing) => timing.totalMs), 0.9)), '', '']);
    }
    const cachedMedian = percentile(cached, 0.5);
    rows.push(['cached: JSON + whole MP3, median', fmt(cachedMedian), `< ${targets.cachedMs} ms`, verdict(cachedMedian, targets.cachedMs)]);
    const healthP99 = percentile(health, 0.99);
    rows.push([`/healthz under 8 concurrent syntheses, p50 (${health.length} probes)`, fmt(percentile(health, 0.5)), '', '']);
    rows.push(['/healthz under 8 concurrent syntheses, p99', fmt(healthP99), `< ${targets.healthP99Ms} ms`, verdict(healthP99, targets.healthP99Ms)]);
    rows.push(['/healthz under 8 concurrent syntheses, max', fmt(Math.max(...health)), '', '']);
    rows.push(['8 concurrent greetings: whole greeting, median', fmt(percentile(concurrent.map((timing) => timing.totalMs), 0.5)), '', '']);
    rows.push(['throughput under load', `${((concurrent.length / loadMs) * 1000).toFixed(1)} greetings/s`, '', '']);

    const width = Math.max(...rows.map((row) => row[0].length));
    console.log(`\n${words}-word greetings, ${Math.round(percentile(uncached.en.map((timing) => timing.bytes), 0.5) / 1024)} kB MP3 each (median)\n`);
    for (const [name, value, target, result] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(10)}  ${target.padEnd(9)}  ${result}`);
    const failed = rows.filter((row) => row[3] === 'OVER');
    console.log(failed.length === 0 ? '\nAll targets met.' : `\n${failed.length} target(s) missed on this run.`);
  } finally {
    await server.stop();
  }
}

await main();
