/**
 * `npm run visual`: screenshots of every page in en and fr at 375 and 1280 px, compared with the
 * references in tests/visual/references/ (pixelmatch), plus axe-core on each. Exits 1 on an
 * unexpected change, a missing reference or an accessibility violation; diffs and the new
 * screenshots go to test-results/visual/. `npm run visual:update` rewrites the references after a
 * deliberate change. Options: `--only <text,…>` (pages whose name contains one of them), `--out <dir>` (write
 * the screenshots there and compare nothing), `--skip-build` (use the last build in dist/).
 *
 * Deterministic by construction: a fresh data folder with fixed people (visitors.ts), the browser's
 * clock fixed (Playwright clock), Math.random seeded, animations and the caret off, a fixed time zone.
 * Dates the server computes from its own clock (the account page's trial end) are masked.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { projectRoot } from '../../server/config/project-root';
import type { Language } from '../../core/routes/languages';
import { axeViolations } from '../../tests/helpers/axe';
import { roomyLimits } from '../../tests/helpers/roomy-limits';
import { launchBrowser } from '../../tests/helpers/browser';
import { FIRST_RENDER_EVENT } from '../../src/lib/first-render';
import { compareScreenshots } from './compare';
import { visualPages, type VisualPage } from './pages';
import { createVisitors, sessionCookie, type VisitorName } from './visitors';
import type { Session } from '../../tests/helpers/accounts';

const root = projectRoot();
const referencesDir = join(root, 'tests', 'visual', 'references');
const resultsDir = join(root, 'test-results', 'visual');
/** The browser's "now" (a Monday): the demo's days and the paywall's trial end (1 December, "1er" in French) follow from it. */
export const FIXED_NOW = new Date('2025-11-24T09:30:00Z');
const widths = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 900 } } as const;
const languages: Language[] = ['en', 'fr'];

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const update = args.includes('--update');
const outDir = option('--out');
const only = option('--only');
const skipBuild = args.includes('--skip-build');

/** Builds under the shared build lock (several people build in one checkout) and copies the result aside. */
function buildCopy(): string {
  // Inside the project, so the server bundle finds node_modules; outside dist/, so other builds do not clobber it.
  mkdirSync(join(root, 'test-results'), { recursive: true });
  const copy = mkdtempSync(join(root, 'test-results', 'visual-dist-'));
  const lock = process.env.BUILD_LOCK ?? '/tmp/ringwise-build.lock';
  const script = `${skipBuild ? '' : 'npm run build --silent && '}cp -r dist/. ${JSON.stringify(copy)}`;
  const hasFlock = (() => {
    try {
      execFileSync('flock', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  const [command, commandArgs] = hasFlock ? ['flock', [lock, 'sh', '-c', script]] : ['sh', ['-c', script]];
  execFileSync(command, commandArgs as string[], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  return copy;
}

function startServer(dist: string, dataDir: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [join(dist, 'server', 'server.js')], {
    cwd: root,
    // The visitors sign up from a script: the captcha's proof of work is the browser tests' to check, not this one's.
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATA_DIR: dataDir, ...roomyLimits, CAPTCHA_PROVIDER: 'off' },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Ready: (http:\/\/[^/\s]+)\//.exec(output);
      if (found?.[1]) resolve({ url: found[1], stop: () => child.kill('SIGTERM') });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/** Math.random made repeatable (mulberry32), so "a random sample script" is the same one each run. */
const seededRandom = `(() => { let seed = 20251124; Math.random = () => { seed |= 0; seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; })();`;

/**
 * Resolves once the DOM has not changed for 300 ms (at most 5 s). A string, not a function: tsx's
 * name-keeping helper (__name) does not exist inside the page.
 */
const domSettled = `new Promise((resolve) => {
  let timer;
  const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(finish, 300); });
  const finish = () => { observer.disconnect(); resolve(); };
  timer = setTimeout(finish, 300);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  setTimeout(finish, 5000);
})`;

interface Shot {
  name: string;
  png: Buffer;
  violations: string[];
  errors: string[];
}

async function photograph(browser: Browser, baseURL: string, page: VisualPage, lng: Language, width: keyof typeof widths, sessions: Record<VisitorName, Session>): Promise<Shot> {
  const context = await browser.newContext({
    baseURL,
    viewport: widths[width],
    locale: lng === 'fr' ? 'fr-FR' : 'en-US',
    timezoneId: 'Europe/Paris',
    reducedMotion: 'reduce',
  });
  await context.clock.setFixedTime(FIXED_NOW);
  await context.addInitScript(seededRandom);
  // Pages without a language in the address (/success, /account) read the stored choice.
  await context.addInitScript((language) => localStorage.setItem('onboarding-lang', language), lng);
  // The app's first render draws the footer a moment after the page's content (SiteShell): under load
  // that moment came after the DOM had looked settled. The event, not the performance mark: this
  // page's clock is replaced, and the replaced one keeps no marks.
  await context.addInitScript((event) => document.addEventListener(event, () => ((window as unknown as { appRendered?: boolean }).appRendered = true), { once: true }), FIRST_RENDER_EVENT);
  if (page.visitor) await context.addCookies([sessionCookie(baseURL, sessions[page.visitor])]);
  const tab: Page = await context.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  for (const pattern of page.hold ?? []) await tab.route(pattern, () => undefined);
  const address = page.path(lng);
  if (page.shell) await tab.route((url) => url.pathname === address, async (route) => route.fulfill({ response: await route.fetch({ url: new URL('/index.html', baseURL).toString() }) }));
  try {
    await tab.goto(address);
    await tab.locator(page.ready ?? 'main h1').first().waitFor({ timeout: 20_000 });
    await tab.waitForFunction(() => (window as unknown as { appRendered?: boolean }).appRendered === true, undefined, { timeout: 20_000 });
    // Pages finish after their first paint (the session becomes known, prices arrive): wait for
    // the network to settle (a held request never does, hence the short limit there), then for the
    // DOM to stay unchanged for 300 ms.
    await tab.waitForLoadState('networkidle', { timeout: page.hold ? 2_000 : 10_000 }).catch(() => undefined);
    await tab.evaluate(domSettled);
    await tab.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all([...document.images].filter((image) => !image.complete).map((image) => new Promise((done) => image.addEventListener('load', done, { once: true }))));
    });
    const name = `${page.name}-${lng}-${width}`;
    const png = await tab.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide', mask: [tab.locator('main time[data-server-clock]')] });
    const violations = await axeViolations(tab);
    return { name, png, violations, errors };
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const dist = buildCopy();
  const built = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'visual-data-'));
  const failures: string[] = [];
  const rows: string[] = [];
  let server: { url: string; stop(): void } | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    server = await startServer(dist, dataDir);
    browser = await launchBrowser();
    const sessions = await createVisitors(server.url);
    mkdirSync(outDir ?? resultsDir, { recursive: true });
    if (update) mkdirSync(referencesDir, { recursive: true });
    const pages = visualPages.filter((page) => !only || only.split(',').some((part) => page.name.includes(part)));
    for (const page of pages) {
      for (const lng of languages) {
        for (const width of Object.keys(widths) as Array<keyof typeof widths>) {
          let shot: Shot;
          try {
            shot = await photograph(browser, server.url, page, lng, width, sessions);
          } catch (error) {
            failures.push(`${page.name}-${lng}-${width}: did not load (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
            continue;
          }
          for (const violation of shot.violations) failures.push(`${shot.name}: axe ${violation}`);
          if (shot.errors.length) rows.push(`${shot.name}: page errors: ${shot.errors.join(' | ')}`);
          const file = `${shot.name}.png`;
          if (outDir) {
            writeFileSync(join(outDir, file), shot.png);
            rows.push(`${shot.name}: saved, axe ${shot.violations.length}`);
            continue;
          }
          writeFileSync(join(resultsDir, file), shot.png);
          const reference = join(referencesDir, file);
          if (update) {
            writeFileSync(reference, shot.png);
            rows.push(`${shot.name}: reference written, axe ${shot.violations.length}`);
            continue;
          }
          if (!existsSync(reference)) {
            failures.push(`${shot.name}: no reference (run npm run visual:update after checking test-results/visual/${file})`);
            continue;
          }
          const result = compareScreenshots(readFileSync(reference), shot.png);
          if (result.kind === 'same') rows.push(`${shot.name}: same (${result.diffPixels} px differ), axe ${shot.violations.length}`);
          else if (result.kind === 'resized') failures.push(`${shot.name}: size ${result.expected.width}×${result.expected.height} → ${result.actual.width}×${result.actual.height}`);
          else {
            writeFileSync(join(resultsDir, `${shot.name}-diff.png`), result.diff);
            failures.push(`${shot.name}: ${result.diffPixels} px differ (${(result.ratio * 100).toFixed(2)} %), see test-results/visual/${shot.name}-diff.png`);
          }
        }
      }
    }
  } finally {
    await browser?.close();
    server?.stop();
    rmSync(dist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const row of rows) console.log(row);
  for (const failure of failures) console.error(`FAIL ${failure}`);
  const seconds = (from: number) => ((Date.now() - from) / 1000).toFixed(1);
  console.log(`${rows.length + failures.length} checks, ${failures.length} failed, ${seconds(started)} s (build and copy, with any wait for the build lock: ${((built - started) / 1000).toFixed(1)} s; server, people and pages: ${seconds(built)} s)`);
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
