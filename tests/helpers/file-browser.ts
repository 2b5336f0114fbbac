import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';

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
