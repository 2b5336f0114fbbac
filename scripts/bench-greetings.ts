/**
 * `npm run bench:greetings`: speed of the greeting builder on this machine, against a real server
 * process (the bundle in dist/server when built, else the TypeScript sources through tsx; `--source`
 * forces the sources). Prints, for 40-word greetings:
 * - the server's memory just after it started (no speech thread yet) and the first greeting of a
 *   cold server (its speech thread starts);
 * - uncached: time to the first audio byte and to the last one, from the `GET /greetings` call;
 * - 4 greetings at once: first audio byte p90;
 * - cached: the same greeting asked again (JSON + whole MP3);
 * - `/healthz` latency while 8 greetings are being made at once;
 * - click-to-first-sound in Chromium on the real page, when the client is built (dist/client; build
 *   it under the build lock, `npm run build`);
 * - memory with threads, and after a quiet minute (threads ended; BENCH_IDLE=0 skips that wait).
 * Only loopback traffic; every loop is bounded.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { greetingSchema, voiceNames, type GreetingLanguage, type VoiceName } from '../core/contracts/greetings';
import { clickToFirstSound, clientIsBuilt, sampleToSound } from './bench-greetings-browser';

// #40.4: first voice sample ≤ 500 ms; click to first sound ≤ 400 ms at p50 and ≤ 1 s at p95.
const targets = { firstByteMs: 250, totalMs: 700, cachedMs: 10, healthP99Ms: 50, concurrentFirstByteP90Ms: 250, clickToSoundMs: 700, firstSampleMs: 500, clickP50Ms: 400, clickP95Ms: 1000 };
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
  /** When `GET /greetings` answered (the server answers once the first MP3 bytes exist). */
  answeredMs: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
}

async function makeGreeting(base: string, text: string, voice: VoiceName, lang: GreetingLanguage): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(`${base}/greetings?${new URLSearchParams({ text, voice, lang })}`);
  if (!response.ok) throw new Error(`GET /greetings answered ${response.status}: ${await response.text()}`);
  const greeting = greetingSchema.parse(await response.json());
  const answeredMs = performance.now() - started;
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
  return { answeredMs, firstByteMs, totalMs: performance.now() - started, bytes };
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
const verdict = (value: number, target: number) => (value < target ? 'ok' : 'OVER');

/** Resident memory of a process, from /proc (Linux). */
function residentMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

async function startServer(): Promise<{ base: string; stop: () => Promise<void>; kind: string; pid: number | undefined }> {
  // BENCH_SERVER names another bundle (e.g. an earlier commit's, built elsewhere) to compare with.
  const bundle = process.env.BENCH_SERVER ?? 'dist/server/server.js';
  const bundled = existsSync(bundle) && !process.argv.includes('--source');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-greetings-'));
  const args = bundled ? [bundle] : ['--import', 'tsx', 'server/server.ts'];
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      GREETINGS_RATE_LIMIT: '100000',
      // BENCH_DATABASE_URL: a Postgres of its own instead of the embedded one (which, on a host
      // under heavy load, may not start within the plugins' time limit).
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
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
    pid: child.pid,
    kind: bundled ? `bundled server (${bundle})` : 'server from sources (tsx)',
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
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const startMb = residentMb(server.pid);
    // The first voice sample of a fresh server (nothing made yet), then four more voices (#40.4).
    const samples = clientIsBuilt() ? await sampleToSound(base, 4) : null;
    // BENCH_ONLY=browser: the page's two timings alone (a fresh server, then clicks), for quick runs.
    const browserOnly = process.env.BENCH_ONLY === 'browser';
    if (browserOnly) {
      await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_QUIET_MS ?? 0)));
      const clicks = clientIsBuilt() ? await clickToFirstSound(base, Array.from({ length: Number(process.env.BENCH_BROWSER_ROUNDS ?? 11) }, (_, round) => greetingText('en', 3000 + round))) : [];
      printBrowserRows(samples ?? [], clicks);
      return;
    }
    // The first greeting of a cold server starts a speech thread (engines loaded on first use).
    const cold = await makeGreeting(base, greetingText('en', 500), 'aria', 'en');
    // Warm-up: every thread starts and loads both engines.
    await Promise.all(Array.from({ length: 4 }, (_, index) => makeGreeting(base, `Warming up ${index}. ${greetingText(index % 2 ? 'fr' : 'en', 100 + index)}`, voiceNames[index] ?? 'aria', index % 2 ? 'fr' : 'en')));

    const uncached: Record<GreetingLanguage, Timing[]> = { en: [], fr: [] };
    for (const lang of ['en', 'fr'] as const) {
      for (let round = 0; round < ROUNDS; round += 1) {
        const text = greetingText(lang, round);
        uncached[lang].push(await makeGreeting(base, text, voiceNames[round % voiceNames.length] ?? 'aria', lang));
      }
    }
    const words = greetingText('en', 0).split(/\s+/).length;

    // 4 visitors at once (#16): the first audio byte of each, five waves.
    const four: Timing[] = [];
    for (let wave = 0; wave < 5; wave += 1) {
      four.push(...(await Promise.all(Array.from({ length: 4 }, (_, index) => makeGreeting(base, greetingText(index % 2 ? 'fr' : 'en', 2000 + wave * 4 + index), voiceNames[(wave * 4 + index) % voiceNames.length] ?? 'aria', index % 2 ? 'fr' : 'en')))));
    }

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
    const loadedMb = residentMb(server.pid);

    const browserRounds = Number(process.env.BENCH_BROWSER_ROUNDS ?? 11);
    const clicks = clientIsBuilt() ? await clickToFirstSound(base, Array.from({ length: browserRounds }, (_, round) => greetingText('en', 3000 + round))) : null;

    let idleMb = Number.NaN;
    if (process.env.BENCH_IDLE !== '0') {
      // Speech threads end after a quiet minute (local-synthesizer.ts).
      await new Promise((resolve) => setTimeout(resolve, 65_000));
      idleMb = residentMb(server.pid);
    }

    const rows: [string, string, string, string][] = [];
    for (const lang of ['en', 'fr'] as const) {
      const first = percentile(uncached[lang].map((timing) => timing.firstByteMs), 0.5);
      const total = percentile(uncached[lang].map((timing) => timing.totalMs), 0.5);
      rows.push([`uncached ${lang}: first audio byte, median`, fmt(first), `< ${targets.firstByteMs} ms`, verdict(first, targets.firstByteMs)]);
      rows.push([`uncached ${lang}: whole greeting, median`, fmt(total), `< ${targets.totalMs} ms`, verdict(total, targets.totalMs)]);
      rows.push([`uncached ${lang}: whole greeting, p90`, fmt(percentile(uncached[lang].map((timing) => timing.totalMs), 0.9)), '', '']);
    }
    const fourP90 = percentile(four.map((timing) => timing.firstByteMs), 0.9);
    rows.push(['4 greetings at once: first audio byte, median', fmt(percentile(four.map((timing) => timing.firstByteMs), 0.5)), '', '']);
    rows.push(['4 greetings at once: first audio byte, p90', fmt(fourP90), `< ${targets.concurrentFirstByteP90Ms} ms`, verdict(fourP90, targets.concurrentFirstByteP90Ms)]);
    // Where the slowest of them waited: before the JSON answer (synthesis of the first piece) or after.
    const slowest = [...four].sort((a, b) => b.firstByteMs - a.firstByteMs).slice(0, 3);
    rows.push(['4 at once, slowest three: JSON answered / first byte', slowest.map((timing) => `${fmt(timing.answeredMs)} / ${fmt(timing.firstByteMs)}`).join(', '), '', '']);
    rows.push(['cold server: first greeting, first audio byte (thread start)', fmt(cold.firstByteMs), '', '']);
    const cachedMedian = percentile(cached, 0.5);
    rows.push(['cached: JSON + whole MP3, median', fmt(cachedMedian), `< ${targets.cachedMs} ms`, verdict(cachedMedian, targets.cachedMs)]);
    const healthP99 = percentile(health, 0.99);
    rows.push([`/healthz under 8 concurrent syntheses, p50 (${health.length} probes)`, fmt(percentile(health, 0.5)), '', '']);
    rows.push(['/healthz under 8 concurrent syntheses, p99', fmt(healthP99), `< ${targets.healthP99Ms} ms`, verdict(healthP99, targets.healthP99Ms)]);
    rows.push(['/healthz under 8 concurrent syntheses, max', fmt(Math.max(...health)), '', '']);
    rows.push(['8 concurrent greetings: whole greeting, median', fmt(percentile(concurrent.map((timing) => timing.totalMs), 0.5)), '', '']);
    rows.push(['throughput under load', `${((concurrent.length / loadMs) * 1000).toFixed(1)} greetings/s`, '', '']);
    if (clicks) {
      const clickMedian = percentile(clicks, 0.5);
      rows.push([`Chromium: click to first sound, median (${clicks.length} greetings)`, fmt(clickMedian), `< ${targets.clickToSoundMs} ms`, verdict(clickMedian, targets.clickToSoundMs)]);
      rows.push(['Chromium: click to first sound, p90', fmt(percentile(clicks, 0.9)), '', '']);
      if (samples) rows.push(...browserRows(samples, clicks));
    } else {
      rows.push(['Chromium: click to first sound', 'skipped', '', 'no dist/client: run `npm run build` (under the build lock) first']);
    }
    const mb = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(0)} MB`);
    rows.push(['server memory (RSS) after start, no speech thread', mb(startMb), '', '']);
    rows.push(['server memory (RSS) with speech threads, after the load', mb(loadedMb), '', '']);
    rows.push(['server memory (RSS) after a quiet minute (threads ended)', mb(idleMb), '', '']);

    const width = Math.max(...rows.map((row) => row[0].length));
    console.log(`\n${words}-word greetings, ${Math.round(percentile(uncached.en.map((timing) => timing.bytes), 0.5) / 1024)} kB MP3 each (median)\n`);
    for (const [name, value, target, result] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(10)}  ${target.padEnd(9)}  ${result}`);
    const failed = rows.filter((row) => row[3] === 'OVER');
    console.log(failed.length === 0 ? '\nAll targets met.' : `\n${failed.length} target(s) missed on this run.`);
  } finally {
    await server.stop();
  }
}

/** #40.4's page timings: the first voice sample of a fresh server, and click-to-sound p50/p95. */
function browserRows(samples: number[], clicks: number[]): [string, string, string, string][] {
  const [first = Number.NaN, ...others] = samples;
  const p50 = percentile(clicks, 0.5);
  const p95 = percentile(clicks, 0.95);
  return [
    ['Chromium: first voice sample of a fresh server, click to sound', fmt(first), `< ${targets.firstSampleMs} ms`, verdict(first, targets.firstSampleMs)],
    [`Chromium: next voice samples, median (${others.length})`, fmt(percentile(others, 0.5)), '', ''],
    [`Chromium: click to first sound, first click / p50 / p95 (${clicks.length}, first on a page just opened)`, `${fmt(clicks[0] ?? Number.NaN)} / ${fmt(p50)} / ${fmt(p95)}`, `${targets.clickP50Ms} / ${targets.clickP95Ms} ms`, verdict(p50, targets.clickP50Ms) === 'ok' && verdict(p95, targets.clickP95Ms) === 'ok' ? 'ok' : 'OVER'],
  ];
}

function printBrowserRows(samples: number[], clicks: number[]): void {
  const rows = browserRows(samples, clicks);
  const width = Math.max(...rows.map((row) => row[0].length));
  console.log(`\nall clicks (ms): ${clicks.map((ms) => ms.toFixed(0)).join(', ')}; samples (ms): ${samples.map((ms) => ms.toFixed(0)).join(', ')}`);
  for (const [name, value, target, result] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(24)}  ${target.padEnd(12)}  ${result}`);
}

await main();
