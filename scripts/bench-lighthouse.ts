/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile preset, simulated throttling) on the built
 * product served by the real server, in Debian's Chromium, median of three runs per page (the landing
 * pages, the generator, and signed in the paywall and the account page); plus the
 * LCP floors: the start page's, the demo's, the sign-in page's and the greeting builder's own rendered HTML and styles with
 * every script removed, served by the same server (brotli/gzip, as the prerendered pages are), so
 * "LCP ÷ floor LCP" says what the JavaScript costs each one's first paint.
 * LIGHTHOUSE_RUNS (default 3) sets the runs per page; LIGHTHOUSE_PAGES=start,generator narrows the
 * pages (a page's floor always runs with it); LIGHTHOUSE_REPORT_DIR keeps each page's median report
 * as JSON there, for the diagnostics (LCP element and phases, layout shifts, request chains);
 * LIGHTHOUSE_ARTIFACTS_DIR keeps each run's trace and network log there (<page>-<run>/), which
 * `npm run bench:lighthouse:explain -- <dir>` turns into the simulated LCP's timeline.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { projectRoot } from '../server/config/project-root';
import { appRendered, chromiumPath, launchBrowser } from '../tests/helpers/browser';
import { startServerProcess } from '../tests/helpers/server-process';
import { ensureBuilt } from '../tests/helpers/build';
import { table } from './bench/page-js';
import { publishableKey, signInContext, signUpToPaywall } from './bench/sessions';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const artifactsDir = process.env.LIGHTHOUSE_ARTIFACTS_DIR;
/** Lighthouse's flags to gather a run into `folder` and audit it from there (its artifacts kept). */
const runArtifacts = (folder: string) => ({ gatherMode: folder, auditMode: folder });
/** The pages measured against their own no-JS floor (the prerendered ones), and the floor's file. */
const floors: Record<string, string> = { start: '/en', demo: '/en/demo', 'sign-in': '/en/sign-in-otp', generator: '/voice-generator' };
const floorFile = (name: string) => `lcp-floor-${name}.html`;
const floorName = (name: string) => `floor (${name}, no JS)`;

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** A page as rendered, without its scripts: same markup, same stylesheets, no JavaScript. */
async function writeFloorPage(baseURL: string, clientDir: string, name: string, path: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto(`${baseURL}${path}`);
    await appRendered(page);
    const html = await page.evaluate(() => {
      const copy = document.documentElement.cloneNode(true) as HTMLElement;
      for (const element of copy.querySelectorAll('script, link[rel="modulepreload"]')) element.remove();
      // Stylesheets a page chunk added carry this server's origin; the floor is served by another.
      for (const link of copy.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) link.setAttribute('href', new URL(link.href).pathname);
      return `<!doctype html>\n${copy.outerHTML}`;
    });
    writeFileSync(join(clientDir, floorFile(name)), html);
    // Compressed as the build's HTML is (and as the prerendered start page is answered): the floor
    // is the same page without scripts, not the same page sent three times larger.
    writeFileSync(join(clientDir, `${floorFile(name)}.br`), brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(join(clientDir, `${floorFile(name)}.gz`), gzipSync(html, { level: 9 }));
  } finally {
    await browser.close();
  }
}

/**
 * The bundled server, given 3 minutes, and tried up to three times: on a loaded machine (load 25-35
 * on 2 cores) a start missed Fastify's 10 s plugin and ready timeouts and exited.
 */
async function startServer(env: Record<string, string>): Promise<Awaited<ReturnType<typeof startServerProcess>>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerProcess(env, { bundled: true, timeoutMs: 180_000 });
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`the server did not start (attempt ${attempt}): ${String(error).split('\n').slice(0, 2).join(' ')}`);
    }
  }
}

async function main(): Promise<void> {
  ensureBuilt();
  const clientDir = join(projectRoot(), 'dist', 'client');
  const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
  // Development for its outbox (the signed-in pages' visitors sign up through it), with the live chart
  // viewer off as in production: its channel's code is a development tool no visitor downloads.
  const serverEnv = { DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', TRUSTED_PROXIES: '127.0.0.1,::1', ENABLE_CHART_VIEWER: 'false' };
  // The static files are listed when the server starts (@fastify/static, wildcard: false): the floor
  // page is rendered with a first server and measured on a second one that serves it as a file (a
  // floor written after the start was answered with the SPA's index.html, i.e. measured the SPA).
  const floored = Object.entries(floors).filter(([name]) => !onlyPages || onlyPages.includes(name));
  const renderer = await startServer(serverEnv);
  try {
    for (const [name, path] of floored) await writeFloorPage(renderer.url, clientDir, name, path);
  } finally {
    await renderer.stop();
  }
  const server = await startServer(serverEnv);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    for (const [name] of floored) {
      const floorServed = await (await fetch(`${server.url}/${floorFile(name)}`)).text();
      if (floorServed.includes('<script')) throw new Error(`/${floorFile(name)} was not served as the floor page (it has scripts)`);
    }
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const paywallSession = await signUpToPaywall(server.url, await publishableKey(server.url));

    // Signed out, as a first visit is, except the paywall, which needs a signed-in visitor: its
    // session cookie goes into the browser Lighthouse drives just before it (it runs last; the
    // cookie once went in first and every page was measured signed in, supabase-js included).
    const allPages: Array<[string, string]> = [
      ['start', '/en'],
      [floorName('start'), `/${floorFile('start')}`],
      ['demo', '/en/demo'],
      [floorName('demo'), `/${floorFile('demo')}`],
      ['sign-in', '/en/sign-in-otp'],
      [floorName('sign-in'), `/${floorFile('sign-in')}`],
      ['generator', '/voice-generator'],
      // One of its scripts' pages, as the server picked it for the floor's render.
      [floorName('generator'), `/${floorFile('generator')}`],
      ['paywall', '/en/onboarding/checkout-form?interval=yearly&plan=business'],
      // The same signed-in visitor's account page (#40's goal: ≥ 95 with the paywall).
      ['account', '/account'],
    ];
    const pages = allPages.filter(([name]) => !onlyPages || onlyPages.includes(name) || floored.some(([floored]) => name === floorName(floored)));
    if (reportDir) mkdirSync(reportDir, { recursive: true });
    const rows: string[][] = [['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP (ms)', 'TBT (ms)', 'CLS']];
    const lcp = new Map<string, number>();
    for (const [name, path] of pages) {
      if (name === 'paywall' || (name === 'account' && !pages.some(([other]) => other === 'paywall'))) await signInContext(cdp.contexts()[0]!, server.url, paywallSession);
      const results: Result[] = [];
      for (let run = 0; run < runs; run += 1) {
        const outcome = await lighthouse(`${server.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          ...(artifactsDir ? runArtifacts(join(artifactsDir, `${name.split(' ')[0]}-${run}`)) : {}),
        });
        if (outcome) results.push(outcome.lhr);
      }
      // A run Lighthouse could not measure says why (NO_FCP, NO_NAVSTART), not only that none was valid.
      for (const result of results) if (result.runtimeError) console.log(`${name}: a run failed: ${result.runtimeError.code} ${result.runtimeError.message}`);
      const valid = filterToValidRuns(results) as Result[];
      if (valid.length === 0) {
        rows.push([name, 'no valid run', '', '', '', '', '', '']);
        continue;
      }
      const median = computeMedianRun(valid) as Result;
      // floor (demo, no JS) -> floor-demo.json
      if (reportDir) writeFileSync(join(reportDir, `${name.replace(/^floor \(([^,]+),.*$/, 'floor-$1').split(' ')[0]}.json`), JSON.stringify(median));
      const score = (id: string) => String(Math.round((median.categories[id]?.score ?? 0) * 100));
      const metric = (id: string) => median.audits[id]?.numericValue ?? NaN;
      lcp.set(name, metric('largest-contentful-paint'));
      rows.push([name, score('performance'), score('accessibility'), score('best-practices'), score('seo'), metric('largest-contentful-paint').toFixed(0), metric('total-blocking-time').toFixed(0), metric('cumulative-layout-shift').toFixed(3)]);
      const failing = Object.values(median.audits).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary');
      if (failing.length > 0 && !name.startsWith('floor')) console.log(`${name}: failing audits: ${failing.map((audit) => audit.id).join(', ')}`);
    }
    await cdp.close();
    console.log(`\nLighthouse 12, mobile preset, median of ${runs} (Chromium ${chromiumPath})\n`);
    console.log(table(rows));
    console.log('');
    for (const [name] of floored) {
      const ratio = (lcp.get(name) ?? NaN) / (lcp.get(floorName(name)) ?? NaN);
      console.log(`${name} LCP ÷ its no-JS floor's LCP: ${ratio.toFixed(2)} (#40's goal ≤ 1.10)`);
    }
  } finally {
    await chrome.kill();
    await server.stop();
    for (const [name] of floored) for (const suffix of ['', '.br', '.gz']) rmSync(join(clientDir, `${floorFile(name)}${suffix}`), { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
