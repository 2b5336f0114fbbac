import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeFor, frenchMobile, signInByEmailApi, signInContext } from '../helpers/accounts';
import { localeText } from '../helpers/locale-text';
import { appRendered, newContext, watchPageErrors } from '../helpers/browser';
import { sharedBrowser } from '../helpers/file-browser';

// The phone formatter (libphonenumber-js) is not part of the first render (#16): a number typed and
// submitted before it arrives must end up formatted, validated and sent exactly as with it there.
describe('phone field before its formatter arrives', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => browser.close());

  it('sign-in: the typed number shows as typed, then is formatted, and the early submit goes through', async () => {
    // A number nobody has, from an address of its own (beside the other suites, a shared one meets
    // the auth service's per-address limit; the e2e server trusts loopback as a proxy).
    const phone = frenchMobile();
    const formatted = `+33 6 ${phone.e164.slice(4).match(/../g)?.join(' ')}`;
    const context = await newContext(browser, baseURL, { locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': '10.66.0.1' } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // Hold the formatter's chunk until the visitor has typed and submitted.
    const held: Route[] = [];
    await page.route(/\/assets\/phone-format-[^/]+\.js$/, (route) => {
      held.push(route);
    });
    await page.goto('/en/sign-in-otp');
    // Typed into the app, not into the prerendered page it replaces (under load the app starts later).
    await appRendered(page);
    const field = page.getByLabel('Phone number', { exact: true });
    await field.fill(phone.e164);
    await page.getByRole('button', { name: 'Send code' }).click();
    // The focus sent for the formatter; the request reaches the route a moment later under load.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await field.inputValue()).toBe(phone.e164);
    // Nothing is judged or sent while the formatter is on its way.
    expect(await page.getByText('No account signs in with this phone number.').count()).toBe(0);
    for (const route of held.splice(0)) await route.continue();
    // Formatted, valid and sent: nobody signs in with this number, which is said after asking the server.
    await expect.poll(() => field.inputValue()).toBe(formatted);
    await page.getByText('No account signs in with this phone number.').waitFor();
    // The server's 4xx answer for an unknown number is logged by Chromium; nothing else may be.
    expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it("the funnel's verify-phone step: a number sent before the formatter arrives is not refused as invalid, and goes through once it has", async () => {
    const phone = frenchMobile();
    const session = await signInByEmailApi(baseURL, `early.send.${Date.now()}@gmail.com`, { address: '10.66.0.2' });
    const context = await newContext(browser, baseURL, { locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': '10.66.0.2' } });
    await signInContext(context, baseURL, session);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const held: Route[] = [];
    await page.route(/\/assets\/phone-format-[^/]+\.js$/, (route) => {
      held.push(route);
    });
    await page.goto('/en/onboarding/steps/verify-phone');
    const field = page.getByLabel(localeText('en', 'onboarding', 'verifyPhone.phoneLabel'), { exact: true });
    await field.fill(phone.e164);
    await page.getByRole('button', { name: localeText('en', 'onboarding', 'verifyPhone.send') }).click();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    // Nothing is judged while the formatter is on its way (it was: "invalid", and nothing sent).
    expect(await page.getByText(localeText('en', 'onboarding', 'errors.invalidPhone')).count()).toBe(0);
    for (const route of held.splice(0)) await route.continue();
    // Sent: the code goes to the number, and the code step asks for it.
    await codeFor(baseURL, phone.e164);
    await page.getByLabel(localeText('en', 'auth', 'code.label')).waitFor();
    expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});
