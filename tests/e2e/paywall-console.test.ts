import type { ConsoleMessage } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { answerBusiness, checkLegitimacy, completeBusiness, frenchMobile, signInContext, signUpByApi, workEmail } from '../helpers/accounts';
import { newContext, viewports } from '../helpers/browser';
import { browserPerFile } from '../helpers/file-browser';
import { localeText, type Lng } from '../helpers/locale-text';
import { movePastAuthWindows } from '../helpers/sign-in';

/** The chunk of the served config's schema, which the browser's check of the config loads. */
const configCheck = /^\/assets\/public-config-[\w-]+\.js$/;

/**
 * A paywall view says nothing in the console (#37.5): the test server sees every browser as a
 * local visitor, whose country /geo/country answers as unknown (`XX`) — an answer, not a failed
 * lookup, so the paywall shows EUR (the company's country) without a warning. Chromium against the
 * real server, en 1280 px and fr 375 px.
 */
describe('the paywall’s console', () => {
  const baseURL = inject('baseURL');
  const browser = browserPerFile();
  movePastAuthWindows(baseURL);

  it.each([
    ['en', viewports.desktop],
    ['fr', viewports.phone],
  ] as const)('stays quiet on a paywall view from a visitor of unknown country, and checks the config on their first input only (%s)', async (lng: Lng, viewport) => {
    const session = await signUpByApi(baseURL, { phone: frenchMobile().e164, email: workEmail(`quiet-paywall-${lng}`) });
    await answerBusiness(baseURL, session, completeBusiness);
    expect(await checkLegitimacy(baseURL, session)).toBe('VALIDATED');
    const context = await newContext(browser(), baseURL, { viewport, locale: lng === 'fr' ? 'fr-FR' : 'en-US' });
    await signInContext(context, baseURL, session);
    const page = await context.newPage();
    const said: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'warning' || message.type() === 'error') said.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => said.push(`pageerror: ${error.message}`));
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const country = page.waitForResponse((response) => new URL(response.url()).pathname === '/geo/country');
    await page.goto(`/${lng}/onboarding/checkout-form?interval=yearly&plan=business`);
    expect(await (await country).text()).toBe('XX');
    await page.getByRole('button', { name: localeText(lng, 'checkout', 'start') }).waitFor();
    // The plans are shown in the company's currency (France: EUR), chosen only after the country's
    // answer was read: whatever reading it logs has been logged by then.
    await page.getByText(/€/).first().waitFor();
    expect(said).toEqual([]);
    // The heading the page focused on arrival is not the visitor's input: the config's check (its
    // schema's chunk and a parse, a long task of the start-up) waits for theirs (#40.2).
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(asked.some((path) => configCheck.test(path))).toBe(false);
    const checked = page.waitForRequest((request) => configCheck.test(new URL(request.url()).pathname));
    await page.keyboard.press('Tab');
    await checked;
    await context.close();
  });
});
