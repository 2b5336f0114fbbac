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
}

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

export async function measurePageScripts(browser: Browser, baseURL: string, target: PageToMeasure): Promise<PageScripts> {
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
    cdp.on('Network.loadingFinished', (event) => {
      const entry = requests.get(event.requestId);
      if (!entry) return;
      entry.bytes = entry.declaredBytes ?? Math.max(0, event.encodedDataLength - (entry.headBytes ?? 0));
      entry.finish();
    });
    cdp.on('Network.loadingFailed', (event) => {
      const entry = requests.get(event.requestId);
      if (!entry) return;
      entry.bytes = 0;
      entry.finish();
    });

    await page.goto(target.path, { waitUntil: 'load' });
    const cutoffMs = await page.evaluate(async () => {
      const deadline = Date.now() + 20_000;
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
    await Promise.all(early.map((entry) => Promise.race([entry.done, new Promise((resolve) => setTimeout(resolve, 10_000))])));
    const scripts = early
      .filter((entry) => entry.type === 'Script' || /\.m?js(\?|$)/.test(new URL(entry.url).pathname))
      .map((entry) => ({ url: new URL(entry.url).pathname, bytes: entry.bytes ?? 0 }))
      .sort((a, b) => b.bytes - a.bytes);
    return { name: target.name, path: target.path, bytes: scripts.reduce((sum, script) => sum + script.bytes, 0), scripts };
  } finally {
    await context.close();
  }
}

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
