import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeFor, outbox } from '../helpers/accounts';
import { appRendered, newContext, watchPageErrors } from '../helpers/browser';
import { sharedBrowser } from '../helpers/file-browser';
import { emailAccount } from './paths/accounts';

/**
 * Signing in, out and in again before the pages in between have loaded (a slow connection): while
 * the next page's code is on its way, React keeps the sign-in page hidden with its state, and
 * showing it again must give the form, not the code entry of the code already used (found by the
 * session chart's browser path, whose onboarding and start page chunks sometimes came late).
 */
describe('sign-in page shown again before the next page has loaded', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => browser.close());

  it('signed in, signed out from the header while onboarding loads, then Sign in: the form, not the used code', { timeout: 60_000 }, async () => {
    const account = await emailAccount(baseURL, 'work');
    const context = await newContext(browser, baseURL);
    // The onboarding page's and the start page's chunks are held until the end: neither page draws.
    const held: Route[] = [];
    let onboardingAsked = () => {};
    const onboardingHeld = new Promise<void>((resolve) => (onboardingAsked = resolve));
    await context.route(/\/assets\/(OnboardingRoute|StartPage|LandingLayout)-[^/]*\.js$/, (route) => {
      held.push(route);
      if (route.request().url().includes('/OnboardingRoute-')) onboardingAsked();
    });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    try {
      await page.goto('/en/sign-in-otp');
      // The sign-in page is prerendered: its Email button does nothing until the app has taken it over
      // (under load the click came first and 'Email address' never showed: the shuffled run of 13:03).
      await appRendered(page);
      await page.getByRole('button', { name: 'Email', exact: true }).click();
      await page.getByLabel('Email address').fill(account.email);
      const before = (await outbox(baseURL, account.email)).length;
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByLabel('6-digit code').fill(await codeFor(baseURL, account.email, before));
      await page.waitForURL((url) => url.pathname.startsWith('/en/onboarding'));
      await onboardingHeld;

      await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/en');
      await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/en/sign-in-otp');

      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await page.getByRole('button', { name: 'Email', exact: true }).isVisible()).toBe(true);
      expect(await page.getByLabel('6-digit code').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
      await context.close();
    }
  });
});
