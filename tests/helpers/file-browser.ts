import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { movePastAuthWindows } from './sign-in';

// Not in browser.ts: the bench, budget and visual scripts import that one outside Vitest.

/**
 * The run's Chromium (launched once by tests/e2e/global-setup.ts), connected to. A file's
 * connection is its own: what it opens (contexts, their pages, cookies, storage, routes) is closed
 * with it (`browser.close()` on a connection closes its contexts and disconnects; Chromium stays for
 * the next file). Launching a Chromium per file cost 5–7 s with its close under load 10 (#40.3),
 * connecting 2–4 s with the first page, closing < 0.1 s.
 */
export function sharedBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWSEndpoint'));
}

/**
 * The run's Chromium for a test file's describe block: connected before its tests, its contexts
 * closed after them. Call it in the describe block; the tests get the browser from the returned function.
 */
export function browserPerFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll: use it inside a test');
    return browser;
  };
}

/**
 * A browser test file's usual start, in its describe block: the test server's address, one
 * Chromium for the file, and the auth service's per-address windows moved past before and after.
 */
export function browserFile(): { baseURL: string; browser: () => Browser } {
  const baseURL = inject('baseURL');
  movePastAuthWindows(baseURL);
  return { baseURL, browser: browserPerFile() };
}
