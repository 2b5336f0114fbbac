/**
 * `npx tsx scripts/bench/page-profile.ts [paywall|account|start …]`: the pages' main-thread long
 * tasks at 4× CPU, as Lighthouse's mobile preset throttles (the paywall and the account page signed
 * in, the start page signed out), on the built product served by the real server (cold cache,
 * 375 px). For each run: every task over PROFILE_LONG_MS (start after navigation, length, and the
 * script files with the most self time inside it, from a V8 CPU profile on the same clock), and the
 * sum of their parts over it for the tasks that end after the first contentful paint (what TBT adds
 * up, measured rather than simulated). Under each task, the product's own functions that took it (by
 * source map, each counted with what it called: a chart started, a chunk's preload links, Intl's
 * start-up), so a long task can be cut where it is made.
 *
 * PROFILE_RUNS (default 3): runs per page. PROFILE_CPU (default 4): the throttle. PROFILE_LONG_MS
 * (default 50): the length over which a task is listed; at PROFILE_CPU=1, 12.5 is the cut Lighthouse's
 * simulation counts (it multiplies each observed task by 4). PROFILE_LINES (default 6): the functions
 * listed under each task. For comparing builds (alternate before/after, report the load beside
 * each), not a figure to quote alone.
 */
import type { Browser, CDPSession } from 'playwright-core';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map';
import { projectRoot } from '../../server/config/project-root';
import { appRendered, launchBrowser } from '../../tests/helpers/browser';
import { startServerProcess } from '../../tests/helpers/server-process';
import { ensureBuilt } from '../../tests/helpers/build';
import { publishableKey, signInContext, signUpToPaywall } from './sessions';

const pages: Record<string, { path: string; signedIn: boolean }> = {
  paywall: { path: '/en/onboarding/checkout-form?interval=yearly&plan=business', signedIn: true },
  account: { path: '/account', signedIn: true },
  // Signed out, as a first visit is (a signed-in person is sent on from it).
  start: { path: '/en', signedIn: false },
};
const runs = Number(process.env.PROFILE_RUNS ?? 3);
const cpu = Number(process.env.PROFILE_CPU ?? 4);
/** The length (ms) over which a task is listed and counted (PROFILE_LONG_MS). */
const longMs = Number(process.env.PROFILE_LONG_MS ?? 50);
/** How many of the product's functions are listed under each task (PROFILE_LINES). */
const functionLines = Number(process.env.PROFILE_LINES ?? 6);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The renderer main thread that ran the most tasks: the page's (about:blank's renderer runs few). */
function mainThreadTasks(events: TraceEvent[]): TraceEvent[] {
  const mains = new Set(events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || !mains.has(`${event.pid}:${event.tid}`)) continue;
    const key = `${event.pid}:${event.tid}`;
    byThread.set(key, [...(byThread.get(key) ?? []), event]);
  }
  const busiest = [...byThread.values()].sort((a, b) => b.reduce((s, e) => s + (e.dur ?? 0), 0) - a.reduce((s, e) => s + (e.dur ?? 0), 0))[0];
  return busiest ?? [];
}

/** Each sample inside [from, to] (µs, the trace's clock): the node it was taken in and its time (µs). */
function forEachSample(profile: Profile, from: number, to: number, visit: (id: number, delta: number) => void): void {
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at >= from && at <= to) visit(id, delta);
  });
}

/** Self time (ms) by script file inside [from, to] (µs, the trace's clock). */
function selfTimeByFile(profile: Profile, from: number, to: number): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFile = new Map<string, number>();
  forEachSample(profile, from, to, (id, delta) => {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url ? frame.url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js') : frame.functionName;
    byFile.set(file, (byFile.get(file) ?? 0) + delta / 1000);
  });
  return byFile;
}

/** A built file's source map, read once. */
const sourceMaps = new Map<string, SourceMapConsumer | null>();
function sourceMapOf(url: string): SourceMapConsumer | null {
  const file = join(projectRoot(), 'dist', 'client', `${new URL(url).pathname}.map`);
  if (!sourceMaps.has(file)) sourceMaps.set(file, existsSync(file) ? (new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) as unknown as SourceMapConsumer) : null);
  return sourceMaps.get(file)!;
}

/** A frame of the product's own code (src, core, machines) as `name module:line`, else null. */
function ownFunction(frame: ProfileNode['callFrame']): string | null {
  if (!frame.url.includes('/assets/')) return null;
  const original = sourceMapOf(frame.url)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = original?.source?.replace(/^(\.\.\/)+/, '');
  if (!source || !/^(src|core|machines)\//.test(source)) return null;
  return `${original!.name ?? (frame.functionName || '(anonymous)')} ${source}:${original!.line}`;
}

/** The product's functions inside [from, to] (µs), each with the time of the samples it was on the stack for. */
function ownTimeByFunction(profile: Profile, from: number, to: number): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const names = new Map<number, string | null>();
  const nameOf = (id: number) => {
    if (!names.has(id)) names.set(id, ownFunction(byId.get(id)!.callFrame));
    return names.get(id)!;
  };
  const byFunction = new Map<string, number>();
  forEachSample(profile, from, to, (id, delta) => {
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const name = nameOf(node);
      if (name && !seen.has(name)) byFunction.set(name, (byFunction.get(name) ?? 0) + delta / 1000);
      if (name) seen.add(name);
    }
  });
  return byFunction;
}

async function profileOnce(browser: Browser, baseURL: string, session: Awaited<ReturnType<typeof signUpToPaywall>> | null, path: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  if (session) await signInContext(context, baseURL, session);
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
  await cdp.send('Profiler.start');
  await page.goto(`${baseURL}${path}`, { waitUntil: 'load' });
  await appRendered(page, { timeout: 60_000 });
  // Analytics and the widgets start in an idle moment after the load event (at most 2 s later).
  await page.waitForTimeout(6000);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  await context.close();
  const tasks = mainThreadTasks(trace.traceEvents);
  const navigationStart = trace.traceEvents.find((event) => event.name === 'navigationStart')?.ts ?? tasks[0]?.ts ?? 0;
  const long = tasks.filter((task) => (task.dur ?? 0) > longMs * 1000);
  // As Lighthouse's TBT, only tasks that end after the first contentful paint (each counted whole here,
  // where Lighthouse counts only a straddling task's part after the paint).
  const firstPaint = trace.traceEvents.find((event) => event.name === 'firstContentfulPaint')?.ts ?? navigationStart;
  const blocking = long.filter((task) => task.ts + (task.dur ?? 0) > firstPaint).reduce((sum, task) => sum + (task.dur ?? 0) / 1000 - longMs, 0);
  const lines = long.map((task) => {
    const files = [...selfTimeByFile(profile, task.ts, task.ts + (task.dur ?? 0)).entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
    const own = [...ownTimeByFunction(profile, task.ts, task.ts + (task.dur ?? 0)).entries()].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1]).slice(0, functionLines);
    return [
      `  at ${((task.ts - navigationStart) / 1000).toFixed(0).padStart(5)} ms  ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms  ${files.map(([file, ms]) => `${file} ${ms.toFixed(0)}`).join(', ')}`,
      ...own.map(([name, ms]) => `        ${ms.toFixed(0).padStart(4)} ms  ${name}`),
    ].join('\n');
  });
  // Where a named file's work ran (PROFILE_FIND=clients,money): every task holding ≥ 1 ms of it.
  const found = (process.env.PROFILE_FIND?.split(',') ?? []).flatMap((wanted) =>
    tasks
      .map((task) => ({ task, ms: [...selfTimeByFile(profile, task.ts, task.ts + (task.dur ?? 0)).entries()].filter(([file]) => file.startsWith(wanted)).reduce((sum, [, ms]) => sum + ms, 0) }))
      .filter(({ ms }) => ms >= 1)
      .map(({ task, ms }) => `  ${wanted}: ${ms.toFixed(0)} ms in the task at ${((task.ts - navigationStart) / 1000).toFixed(0)} ms of ${((task.dur ?? 0) / 1000).toFixed(0)} ms`),
  );
  return `blocking after the first contentful paint at ${((firstPaint - navigationStart) / 1000).toFixed(0)} ms (sum over ${longMs} ms) ${blocking.toFixed(0)} ms, ${long.length} long tasks, longest ${Math.max(0, ...long.map((task) => (task.dur ?? 0) / 1000)).toFixed(0)} ms\n${[...lines, ...found].join('\n')}`;
}

async function main(): Promise<void> {
  const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(pages);
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'page-profile-data-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', TRUSTED_PROXIES: '127.0.0.1,::1' }, { bundled: true, timeoutMs: 180_000 });
  const browser = await launchBrowser();
  try {
    const session = await signUpToPaywall(server.url, await publishableKey(server.url));
    for (const name of names) {
      const page = pages[name];
      if (!page) throw new Error(`no page named ${name} (${Object.keys(pages).join(', ')})`);
      for (let run = 1; run <= runs; run += 1) console.log(`${name} run ${run} (CPU ${cpu}×): ${await profileOnce(browser, server.url, page.signedIn ? session : null, page.path)}`);
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
