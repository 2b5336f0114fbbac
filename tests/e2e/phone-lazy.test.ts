import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, watchPageErrors } from '../helpers/browser';

// The phone formatter (libphonenumber-js) is not part of the first render (#16): a number typed and
// submitted before it arrives must end up formatted, validated and sent exactly as with it there.
describe('phone field before its formatter arrives', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('sign-in: the typed number shows as typed, then is formatted, and the early submit goes through', async () => {
    const context = await newContext(browser, baseURL, { locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // Hold the formatter's chunk until the visitor has typed and submitted.
    const held: Route[] = [];
    await page.route(/\/assets\/phone-format-[^/]+\.js$/, (route) => {
      held.push(route);
    });
    await page.goto('/en/sign-in-otp');
    const field = page.getByLabel('Phone number', { exact: true });
    await field.fill('+33612345678');
    await page.getByRole('button', { name: 'Send code' }).click();
    expect(held.length).toBeGreaterThan(0);
    expect(await field.inputValue()).toBe('+33612345678');
    // Nothing is judged or sent while the formatter is on its way.
    expect(await page.getByText('No account signs in with this phone number.').count()).toBe(0);
    for (const route of held.splice(0)) await route.continue();
    // Formatted, valid and sent: nobody signs in with this number, which is said after asking the server.
    await expect.poll(() => field.inputValue()).toBe('+33 6 12 34 56 78');
    await page.getByText('No account signs in with this phone number.').waitFor();
    // The server's 4xx answer for an unknown number is logged by Chromium; nothing else may be.
    expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});
