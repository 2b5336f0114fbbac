import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type BrowserServer, type Page } from 'playwright-core';
import { chromiumPath, headlessShellPath } from '../../scripts/ensure-chromium.mjs';
import { projectRoot } from '../../server/config/project-root';

/** The full Chromium: what a visitor's browser draws (the visual references, Lighthouse, the page profiles). */
export { chromiumPath };

/**
 * The browser tests' Chromium: Debian's headless shell (package chromium-headless-shell, installed by
 * scripts/ensure-chromium.mjs), the old headless mode without the full browser's layers. The same
 * Blink, V8 and network stack, at about a third less CPU per page: 75-82 → 51-55 CPU-s for the
 * same three browser files, all passing (#40.3, docs/testing.md). CHROMIUM_PATH, when set, names the
 * one Chromium for everything; without the shell the tests use the full browser.
 */
export const testChromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShellPath) ? headlessShellPath : chromiumPath);

// Without the background-networking flags Chromium keeps dialling out, which this sandbox refuses.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A Chromium for a script: the full one unless told (`testChromiumPath` where only what loads counts), with any flags of its own. */
export function launchBrowser(executablePath: string = chromiumPath, extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * The same Chromium, run as a server that clients connect to (`chromium.connect`): the browser
 * tests launch it once per run (tests/e2e/global-setup.ts) instead of once per file.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: testChromiumPath, headless: true, args: CHROMIUM_ARGS });
}

export const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

export async function newContext(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: viewports.desktop, locale: 'en-US', ...options });
}

/**
 * Whether the browser tests save their screenshots for people to look at. `npm test` turns them off
 * (E2E_SCREENSHOTS=0: ~60 full-page captures, ~15 CPU-s that prove nothing, #40.3); a browser file run
 * on its own, or `E2E_SCREENSHOTS=1 npm test`, keeps them.
 */
export const screenshotsWanted = () => process.env.E2E_SCREENSHOTS !== '0';

/** Saves a full-page screenshot under test-results/screenshots for people to look at (when wanted). */
export async function screenshot(page: Page, name: string): Promise<string | undefined> {
  if (!screenshotsWanted()) return undefined;
  const dir = join(projectRoot(), 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Collects console errors and uncaught exceptions so a test can assert the page stayed clean. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/**
 * Resolves once the app has rendered its first page (src/lib/first-render.ts marks it). A
 * prerendered page shows its heading and form before any code runs; a test that is not about that
 * moment waits for this before it types or clicks (the early moment is tests/e2e/prerender.test.ts's).
 */
export async function appRendered(page: Page, options: { timeout?: number } = {}): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('first-render').length > 0, undefined, options);
}
