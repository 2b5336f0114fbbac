import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInContext } from '../helpers/accounts';
import { newContext, viewports, watchPageErrors, appRendered } from '../helpers/browser';
import { sharedBrowser } from '../helpers/file-browser';
import { anonymousSession } from './paths/accounts';

/**
 * A visitor holding an anonymous session started on another of the product's sites (the session
 * cookie is shared, SPEC §3) is not a signed-in person (SPEC §6): the sign-up and sign-in pages
 * stay theirs, and nothing offers them a sign-out or account settings they cannot have.
 */
describe('an anonymous session from another site', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => browser.close());

  async function guestPage(path: string) {
    const context = await newContext(browser, baseURL, { viewport: viewports.phone, locale: 'en-US' });
    await signInContext(context, baseURL, await anonymousSession(baseURL));
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(path);
    return { context, page, errors };
  }

  it('the start page stays the start page, with its sign-up form and no sign-out', async () => {
    const { context, page, errors } = await guestPage('/en');
    // The app chart decides where a landing visitor goes before the app's first render.
    await appRendered(page);
    await page.getByRole('contentinfo').waitFor();
    await page.getByLabel('Work email', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/en');
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the sign-in page offers the sign-in form, not a "signed in as a guest"', async () => {
    const { context, page, errors } = await guestPage('/en/sign-in-otp');
    await page.getByRole('button', { name: 'Email', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Send code' }).waitFor();
    expect(await page.getByText(/signed in as/i).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the account page asks a guest to sign in or start a trial, and shows no settings', async () => {
    const { context, page, errors } = await guestPage('/account');
    await page.getByText("You're browsing as a guest.", { exact: false }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(new URL(await page.getByRole('main').getByRole('link', { name: 'Start your free trial' }).getAttribute('href') ?? '', baseURL).pathname).toBe('/en');
    expect(await page.getByText(/two-step/i).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
