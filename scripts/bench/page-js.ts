import type { Browser, BrowserContext, CDPSession } from 'playwright-core';
import { viewports } from '../../tests/helpers/browser';

/**
 * First-render JavaScript of one page as Chromium loads it: the compressed bytes of every script
 * body the page asked for before its content was first rendered (the DevTools protocol's Network
 * events: the compressed `Content-Length`, else the bytes transferred less the response head).
 * Response headers are left out: they are not JavaScript, they vary with configuration (the
 * security headers added ~1 KB to every request), and HTTP/2 sends repeated headers compressed.
 * "First rendered" is the `first-render` performance mark
 * the SPA sets when the routed page commits (src/lib/first-render.ts; on the prerendered start page,
 * when it has hydrated), or, for a build without it, the moment the page's heading shows and the
 * load event has fired.
 */

export interface PageToMeasure {
  name: string;
  path: string;
  /** Sets up the browser context before the visit (the paywall needs a signed-in visitor). */
  prepare?: (context: BrowserContext) => Promise<void>;
}

export interface ScriptLoad {
  url: string;
  bytes: number;
}

export interface PageScripts {
  name: string;
  path: string;
  bytes: number;
  scripts: ScriptLoad[];
  /** Every script of the visit by network idle + IDLE_EXTRA_MS (measured with `idle: true`). */
  idleBytes?: number;
  idleScripts?: ScriptLoad[];
}

/**
 * "By network idle": no request in flight for NETWORK_QUIET_MS (Playwright's `networkidle`), then
 * IDLE_EXTRA_MS more, so what a page starts in an idle callback or a timer after the load (analytics,
 * supabase-js, the phone formatter) counts; then quiet again, in case that last moment started more.
 */
const NETWORK_QUIET_MS = 500;
const IDLE_EXTRA_MS = 3000;

interface Pending {
  url: string;
  wallTimeMs: number;
  type?: string;
  bytes?: number;
  /** The compressed body's length as the server declared it, or the response head's bytes. */
  declaredBytes?: number;
  headBytes?: number;
  done: Promise<void>;
  finish: () => void;
}

export async function measurePageScripts(browser: Browser, baseURL: string, target: PageToMeasure, options: { idle?: boolean } = {}): Promise<PageScripts> {
  const context = await browser.newContext({ baseURL, viewport: viewports.phone, locale: 'en-US' });
  try {
    await target.prepare?.(context);
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // No cache: every visit is a first visit.
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const requests = new Map<string, Pending>();
    cdp.on('Network.requestWillBeSent', (event) => {
      let finish = () => {};
      const done = new Promise<void>((resolve) => (finish = resolve));
      requests.set(event.requestId, { url: event.request.url, wallTimeMs: event.wallTime * 1000, type: event.type, done, finish });
    });
    cdp.on('Network.responseReceived', (event) => {
      const entry = requests.get(event.requestId);
      if (!entry) return;
      entry.type = event.type;
      const length = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-length')?.[1];
      if (length !== undefined && /^\d+$/.test(String(length))) entry.declaredBytes = Number(length);
      entry.headBytes = event.response.encodedDataLength;
    });
    let inFlight = 0;
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      // A redirect reuses its request's id: still one request in flight.
      if (!event.redirectResponse) inFlight += 1;
      lastActivity = Date.now();
    });
    const settled = () => {
      inFlight = Math.max(0, inFlight - 1);
      lastActivity = Date.now();
    };
    cdp.on('Network.loadingFinished', (event) => {
      settled();
      const entry = requests.get(event.requestId);
      if (!entry) return;
      entry.bytes = entry.declaredBytes ?? Math.max(0, event.encodedDataLength - (entry.headBytes ?? 0));
      entry.finish();
    });
    cdp.on('Network.loadingFailed', (event) => {
      settled();
      const entry = requests.get(event.requestId);
      if (!entry) return;
      entry.bytes = 0;
      entry.finish();
    });

    await page.goto(target.path, { waitUntil: 'load' });
    const cutoffMs = await page.evaluate(async () => {
      // Generous: on a loaded 2-core machine (the suite runs unit and server tests beside it) a first render can take long.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const mark = performance.getEntriesByName('first-render')[0];
        if (mark) return performance.timeOrigin + mark.startTime;
        const heading = document.querySelector('h1');
        // A prerendered page shows its heading from the HTML: what counts is the app's first render.
        const prerendered = document.getElementById('prerendered-state') !== null;
        if (heading && heading.getBoundingClientRect().height > 0 && !prerendered) {
          // A build without the mark: give it one frame to set one, else take this moment.
          await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
          const late = performance.getEntriesByName('first-render')[0];
          return late ? performance.timeOrigin + late.startTime : Date.now();
        }
        if (Date.now() > deadline) throw new Error(`no heading rendered at ${location.href}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const early = [...requests.values()].filter((entry) => entry.wallTimeMs <= cutoffMs);
    const scripts = await scriptLoads(early);
    const result: PageScripts = { name: target.name, path: target.path, bytes: sum(scripts), scripts };
    if (!options.idle) return result;
    const quiet = async () => {
      const deadline = Date.now() + 30_000;
      while (inFlight > 0 || Date.now() - lastActivity < NETWORK_QUIET_MS) {
        if (Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await quiet();
    await new Promise((resolve) => setTimeout(resolve, IDLE_EXTRA_MS));
    await quiet();
    const idleScripts = await scriptLoads([...requests.values()]);
    return { ...result, idleBytes: sum(idleScripts), idleScripts };
  } finally {
    await context.close();
  }
}

const isScript = (entry: Pending) => entry.type === 'Script' || /\.m?js(\?|$)/.test(new URL(entry.url).pathname);

/** The script requests among `entries`, once each has finished (or 10 s have passed), largest first. */
async function scriptLoads(entries: Pending[]): Promise<ScriptLoad[]> {
  const loads = entries.filter(isScript);
  await Promise.all(loads.map((entry) => Promise.race([entry.done, new Promise((resolve) => setTimeout(resolve, 10_000))])));
  return loads.map((entry) => ({ url: new URL(entry.url).pathname, bytes: entry.bytes ?? 0 })).sort((a, b) => b.bytes - a.bytes);
}

const sum = (loads: ScriptLoad[]) => loads.reduce((total, load) => total + load.bytes, 0);

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatPageTable(results: PageScripts[], budgets?: Record<string, number>): string {
  const rows = results.map((result) => {
    const budget = budgets?.[result.name];
    const top = result.scripts
      .slice(0, 3)
      .map((script) => `${script.url.replace(/^\/assets\//, '')} ${kb(script.bytes)}`)
      .join(', ');
    const verdict = budget === undefined ? '' : result.bytes <= budget ? 'ok' : 'OVER';
    return [result.name, result.path, String(result.scripts.length), kb(result.bytes), budget === undefined ? '' : kb(budget), verdict, top];
  });
  const header = ['page', 'path', 'scripts', 'JS (compressed)', ...(budgets ? ['budget', 'verdict'] : ['', '']), 'largest'];
  return table([header, ...rows]);
}

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows
    .map((row, index) => {
      const line = row.map((cell, column) => (cell ?? '').padEnd(widths[column]!)).join('  ').trimEnd();
      return index === 0 ? `${line}\n${widths.map((width) => '-'.repeat(width)).join('  ')}` : line;
    })
    .join('\n');
}
