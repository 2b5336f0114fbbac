/**
 * `npm run proof:greeting-cost [-- --short] [--no-build | --source]`: can a botnet starve the
 * greeting builder (#25.6, #34.2)? Starts the built server (a child process, rebuilt first: run it
 * under the shared dist/ lock) on PGlite, measures a normal visitor's ordinary greetings alone, then
 * while 48 other addresses (PROOF_COST_ADDRESSES) each send their costliest greetings back to back
 * for as long as the visitor is there (scripts of long numbers, the longest spoken the server
 * accepts, each new so nothing comes from the cache, each followed by its phone WAV).
 *
 * Both sides play by the server's rules (#34.2): asked for a proof of work (429
 * GREETING_PROOF_REQUIRED), the attackers fetch `GET /greetings/work` and solve it in their own
 * solver processes (PROOF_COST_SOLVERS, under `nice`, standing for CPU that is theirs, not the
 * server's), then send the greeting with it. The visitor solves its greeting's challenge while
 * "writing" (before the click, as the page's Web Worker does) and is timed from the click to the
 * whole MP3. Prints the visitor's greetings within 2 s and p50/p99, what the attackers were
 * answered, the seconds of speech they got and the CPU-seconds they paid per second of speech, and
 * the server's RSS. Loopback only; bounded in count and time.
 * Goal: the visitor gets at least 19 of 20 greetings within 2 s (click to the whole MP3).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, type RunningServer } from '../../tests/helpers/server-process';
import { short, sized } from './lib/options';
import { heading, table, verdict } from './lib/report';
import { SolverPool } from './lib/solver-pool';

const ADDRESSES = sized('PROOF_COST_ADDRESSES', 48, 48);
const VISITOR_GREETINGS = sized('PROOF_COST_VISITOR', 20, 10);
const BASELINE_GREETINGS = sized('PROOF_COST_BASELINE', 6, 3);
/** The attackers' solver processes (their CPU), and how much lower their priority is than the server's. */
const ATTACKER_SOLVERS = sized('PROOF_COST_SOLVERS', 2, 2);
const ATTACKER_NICE = 19;
/** One request may take this long before it counts as failed (the engine's own limit is 30 s). */
const REQUEST_TIMEOUT_MS = 40_000;
/** The goal: this many of the visitor's greetings (out of VISITOR_GREETINGS) within GOAL_MS, click to whole MP3. */
const GOAL_MS = 2000;
const GOAL_SHARE = 19 / 20;
const VISITOR_PACE_MS = 3000;
const VISITOR_ADDRESS = '198.51.100.7';
/** 48 addresses in 203.0.113.0/24 (TEST-NET-3). */
const attackerAddress = (index: number) => `203.0.113.${10 + index}`;

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

let counter = 0;
/** A fresh run of digits (never starting with 0), so each script is new to the cache. */
function digitRun(length: number): string {
  counter += 1;
  let out = String((counter % 9) + 1);
  while (out.length < length) out += String(Math.floor(Math.random() * 10));
  return out;
}

/** Numbers of `digits` digits up to `length` characters: the costliest kind of script per written character. */
function numbersScript(length: number, digitsEach: number): string {
  const parts: string[] = [];
  while (parts.join(' ').length < length) parts.push(digitRun(digitsEach));
  return parts.join(' ').slice(0, length).trim();
}

/**
 * What an attacker would send: the script that makes the most speech the server still accepts. It
 * asks the server's own preview (`/greetings/spoken-text`, which costs no synthesis) which kind of
 * 1,000-character script of numbers is read longest, then, where the server names a most spoken
 * characters per greeting, shortens it to just under that. (Before #25.6 there is no such bound:
 * 13-digit numbers, ~9,700 spoken characters.)
 */
async function costliestShape(server: RunningServer): Promise<{ digitsEach: number; length: number; spoken: number }> {
  let best = { digitsEach: 13, length: 1000, spoken: 0 };
  let max = Number.POSITIVE_INFINITY;
  for (const digitsEach of [3, 7, 9, 13]) {
    const preview = await spokenText(server, numbersScript(1000, digitsEach));
    max = preview.max ?? max;
    if (preview.spoken > best.spoken) best = { digitsEach, length: 1000, spoken: preview.spoken };
  }
  for (let tries = 0; tries < 6 && best.spoken > max; tries += 1) {
    const length = Math.floor((best.length * max * 0.97) / best.spoken);
    best = { ...best, length, spoken: (await spokenText(server, numbersScript(length, best.digitsEach))).spoken };
  }
  return best;
}

async function spokenText(server: RunningServer, text: string): Promise<{ spoken: number; max: number | null }> {
  const answer = await get(server, `/greetings/spoken-text?${new URLSearchParams({ text, lang: 'en' })}`, '192.0.2.250');
  const body = JSON.parse(answer.body) as { spoken?: string; spokenCharacters?: number; maxSpokenCharacters?: number };
  return { spoken: body.spokenCharacters ?? body.spoken?.length ?? 0, max: body.maxSpokenCharacters ?? null };
}

const companies = ['Summit Builders', 'Oak Ridge Roofing', 'Bright Line Electric', 'Cedar Plumbing', 'Northside Paving', 'Harbor Tile', 'Keystone Framing', 'Blue Pine Landscaping'];
/** An ordinary greeting (a template's length), with a new name each time so it is made, not served from the cache. */
function ordinaryScript(index: number): string {
  return `Thanks for calling ${companies[index % companies.length]}, this is Alex number ${index + 1}. We're out on a job site right now. Leave your name and number and we'll call you back today.`;
}

interface Answer {
  status: number;
  ms: number;
  body: string;
}

async function get(server: RunningServer, path: string, address: string): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(new URL(path, server.url), { headers: { 'x-forwarded-for': address, accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const body = response.headers.get('content-type')?.includes('json') ? await response.text() : String((await response.arrayBuffer()).byteLength);
    return { status: response.status, ms: performance.now() - started, body };
  } catch (error) {
    return { status: 0, ms: performance.now() - started, body: error instanceof Error ? error.name : String(error) };
  }
}

const greetingPath = (text: string, voice = 'aria', proof?: string) => `/greetings?${new URLSearchParams({ text, voice, lang: 'en', ...(proof ? { proof } : {}) })}`;
const workPath = (text: string, voice = 'aria') => `/greetings/work?${new URLSearchParams({ text, voice, lang: 'en' })}`;

interface VisitorResult {
  latencies: number[];
  solveMs: number[];
  failures: string[];
}

/**
 * A normal visitor: one greeting at a time. While "writing" it gets its greeting's challenge and
 * solves it (the page does this in a Web Worker before the click); then, from the click, the
 * greeting's JSON and its whole MP3 (what the page plays).
 */
async function visitor(server: RunningServer, solvers: SolverPool, max: number, offset: number): Promise<VisitorResult> {
  const result: VisitorResult = { latencies: [], solveMs: [], failures: [] };
  for (let index = 0; index < max; index += 1) {
    const paced = performance.now();
    const text = ordinaryScript(offset + index);
    const solving = performance.now();
    const work = await get(server, workPath(text, 'sarah'), VISITOR_ADDRESS);
    const proof = work.status === 200 ? ((await solvers.solve((JSON.parse(work.body) as { challenge: unknown }).challenge)) ?? undefined) : undefined;
    result.solveMs.push(performance.now() - solving);
    const clicked = performance.now();
    const answer = await get(server, greetingPath(text, 'sarah', proof), VISITOR_ADDRESS);
    if (answer.status !== 200) {
      result.failures.push(`${answer.status} after ${Math.round(answer.ms)} ms: ${answer.body.slice(0, 120)}`);
    } else {
      const { url } = JSON.parse(answer.body) as { url: string };
      const audio = await get(server, url, VISITOR_ADDRESS);
      if (audio.status !== 200) result.failures.push(`audio ${audio.status} after ${Math.round(audio.ms)} ms: ${audio.body.slice(0, 120)}`);
      else result.latencies.push(performance.now() - clicked);
    }
    // A person's pace (one greeting every 3 s at most), well within the per-address request limit.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, VISITOR_PACE_MS - (performance.now() - paced))));
  }
  return result;
}

interface AttackLedger {
  answers: Map<string, number>;
  /** Spoken characters of the greetings the attackers got made. */
  spokenMade: number;
  proofsSolved: number;
}

/**
 * One attacking address: its costliest greeting, again and again, each followed by its phone WAV.
 * Without a proof first; asked for one, it gets the challenge, solves it on the attackers' solvers
 * and sends it. Told to wait, it tries again after a tenth of a second.
 */
async function attacker(server: RunningServer, address: string, shape: { digitsEach: number; length: number; spoken: number }, solvers: SolverPool, shouldGo: () => boolean, ledger: AttackLedger): Promise<void> {
  const count = (key: string) => ledger.answers.set(key, (ledger.answers.get(key) ?? 0) + 1);
  while (shouldGo()) {
    const text = numbersScript(shape.length, shape.digitsEach);
    let answer = await get(server, greetingPath(text), address);
    count(`/greetings ${answer.status}${answer.status >= 400 ? ` ${codeOf(answer.body)}` : ''}`);
    if (answer.status === 429 && codeOf(answer.body) === 'GREETING_PROOF_REQUIRED' && shouldGo()) {
      const work = await get(server, workPath(text), address);
      const proof = work.status === 200 ? await solvers.solve((JSON.parse(work.body) as { challenge: unknown }).challenge) : null;
      if (!proof || !shouldGo()) continue;
      ledger.proofsSolved += 1;
      answer = await get(server, greetingPath(text, 'aria', proof), address);
      count(`/greetings with proof ${answer.status}${answer.status >= 400 ? ` ${codeOf(answer.body)}` : ''}`);
    }
    if (answer.status === 200) {
      ledger.spokenMade += shape.spoken;
      const wav = (JSON.parse(answer.body) as { formats: { format: string; url: string }[] }).formats.find((format) => format.format === 'wav');
      if (wav) {
        const audio = await get(server, wav.url, address);
        count(`wav ${audio.status}${audio.status >= 400 ? ` ${codeOf(audio.body)}` : ''}`);
      }
    } else if (answer.status === 429 || answer.status === 400) {
      // A real attacker tries again at once; a short pause keeps the proof's own loop from spinning.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Seconds of speech per spoken character, from one greeting of the attackers' kind (its duration once made). */
async function speechSecondsPerCharacter(server: RunningServer, shape: { digitsEach: number }): Promise<number> {
  const text = numbersScript(300, shape.digitsEach);
  const spoken = (await spokenText(server, text)).spoken;
  const first = await get(server, greetingPath(text), '192.0.2.251');
  const { url } = JSON.parse(first.body) as { url: string };
  await get(server, url, '192.0.2.251');
  const made = JSON.parse((await get(server, greetingPath(text), '192.0.2.251')).body) as { duration: number | null };
  return (made.duration ?? spoken / 15) / spoken;
}

function codeOf(body: string): string {
  try {
    return (JSON.parse(body) as { code?: string }).code ?? '';
  } catch {
    return body.slice(0, 40);
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
}

async function main(): Promise<void> {
  console.log(`proof:greeting-cost${short ? ' (short)' : ''}: ${ADDRESSES} addresses sending their costliest greetings while a visitor asks ${VISITOR_GREETINGS}`);
  // --source: the TypeScript server through tsx (no build, so no wait for the shared dist/ lock).
  const source = process.argv.includes('--source');
  if (!source && !process.argv.includes('--no-build')) {
    const built = spawnSync('npm', ['run', 'build:server', '--silent'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build:server failed');
  }
  const dir = mkdtempSync(join(tmpdir(), 'ringwise-greeting-cost-'));
  const server = await startServerProcess({ NODE_ENV: 'development', LOG_LEVEL: 'error', TRUSTED_PROXIES: '127.0.0.1,::1', DATA_DIR: dir }, { bundled: !source, timeoutMs: 120_000 });
  const visitorSolvers = new SolverPool(1, { cwd: process.cwd() });
  const attackerSolvers = new SolverPool(ATTACKER_SOLVERS, { cwd: process.cwd(), nice: ATTACKER_NICE });
  const failures: string[] = [];
  try {
    let peak = rssMb(server.child.pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.child.pid))), 200);
    // The first greeting starts the speech threads: not part of either measurement.
    await get(server, greetingPath('Ready when you are.', 'sarah'), VISITOR_ADDRESS);
    const idle = rssMb(server.child.pid);
    const alone = await visitor(server, visitorSolvers, BASELINE_GREETINGS, 0);
    const beforeAttack = peak;

    const shape = await costliestShape(server);
    const perCharacter = await speechSecondsPerCharacter(server, shape);
    console.log(`attackers' script: ${shape.length} characters of ${shape.digitsEach}-digit numbers, ~${shape.spoken.toLocaleString('en-US')} spoken characters (~${Math.round(shape.spoken * perCharacter)} s of speech) each`);
    const ledger: AttackLedger = { answers: new Map(), spokenMade: 0, proofsSolved: 0 };
    let attacking = true;
    const cpuBefore = attackerSolvers.cpuSeconds();
    const attackStarted = performance.now();
    const attack = Promise.all(Array.from({ length: ADDRESSES }, (_, index) => attacker(server, attackerAddress(index), shape, attackerSolvers, () => attacking, ledger)));
    // Give the attack a few seconds to fill the engine and start paying before the visitor comes.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const underAttack = await visitor(server, visitorSolvers, VISITOR_GREETINGS, BASELINE_GREETINGS);
    attacking = false;
    const attackSeconds = (performance.now() - attackStarted) / 1000;
    const attackerCpu = attackerSolvers.cpuSeconds() - cpuBefore;
    attackerSolvers.close();
    await attack;
    clearInterval(sampler);

    report({ alone, underAttack, ledger, attackSeconds, attackerCpu, perCharacter });
    heading('server memory');
    console.log(`RSS: ${idle} MB with speech threads started, ${beforeAttack} MB peak alone, ${peak} MB peak under attack, ${rssMb(server.child.pid)} MB after`);

    const within = underAttack.latencies.filter((ms) => ms <= GOAL_MS).length;
    if (within < Math.ceil(GOAL_SHARE * VISITOR_GREETINGS)) failures.push(`normal visitor under attack: ${within} of ${VISITOR_GREETINGS} greetings within ${GOAL_MS} ms (goal ${Math.ceil(GOAL_SHARE * VISITOR_GREETINGS)})`);
    if (alone.failures.length > 0) failures.push(`normal visitor alone: ${alone.failures.length} failed greetings (goal 0)`);
  } finally {
    visitorSolvers.close();
    attackerSolvers.close();
    await server.stop('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  verdict('proof:greeting-cost', failures);
}

function report({ alone, underAttack, ledger, attackSeconds, attackerCpu, perCharacter }: { alone: VisitorResult; underAttack: VisitorResult; ledger: AttackLedger; attackSeconds: number; attackerCpu: number; perCharacter: number }): void {
  heading('normal visitor (from the click: greeting JSON, then its whole MP3; its proof solved before, while writing)');
  const row = (phase: string, result: VisitorResult, asked: number) => [
    phase,
    `${result.latencies.filter((ms) => ms <= GOAL_MS).length} of ${asked}`,
    percentile(result.latencies, 50),
    percentile(result.latencies, 99),
    percentile(result.latencies, 100),
    result.failures.length,
    percentile(result.solveMs, 50),
  ];
  console.log(table(['phase', `within ${GOAL_MS} ms`, 'p50 ms', 'p99 ms', 'max ms', 'failures', 'solving p50 ms'], [row('alone', alone, BASELINE_GREETINGS), row(`${ADDRESSES} addresses attacking`, underAttack, VISITOR_GREETINGS)]));
  for (const failure of [...new Set(underAttack.failures)].slice(0, 5)) console.log(`  failure: ${failure}`);
  heading(`attackers (${ADDRESSES} addresses, ${Math.round(attackSeconds)} s): answers`);
  console.log(table(['answer', 'count'], [...ledger.answers.entries()].sort().map(([key, value]) => [key, value])));
  const speech = ledger.spokenMade * perCharacter;
  console.log(
    `greetings made for the attackers: ${ledger.spokenMade.toLocaleString('en-US')} spoken characters, ~${Math.round(speech)} s of speech (${(speech / attackSeconds).toFixed(1)} s of speech per second of attack); proofs solved: ${ledger.proofsSolved}; their solvers' CPU: ${attackerCpu.toFixed(1)} s (${ATTACKER_SOLVERS} processes at nice ${ATTACKER_NICE}) = ${speech > 0 ? (attackerCpu / speech).toFixed(2) : '∞'} CPU-seconds per second of speech`,
  );
}

await main();
