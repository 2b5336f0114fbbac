import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser';
import { movePastAuthWindows } from './sign-in';

// Not in browser.ts: the bench, budget and visual scripts import that one outside Vitest.

/**
 * One Chromium for a test file's describe block: launched before its tests, closed after them.
 * Call it in the describe block; the tests get the browser from the returned function.
 */
export function browserPerFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
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
