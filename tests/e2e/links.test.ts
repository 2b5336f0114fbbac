import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { answerBusiness, frenchMobile, signInContext, signUpByApi, workEmail } from '../helpers/accounts';
import { newContext, viewports, watchPageErrors } from '../helpers/browser';
import { sharedBrowser } from '../helpers/file-browser';
import { localeText } from '../helpers/locale-text';

/**
 * Every move inside the app goes through the app chart (#28.4): a link asks the chart, and history
 * gets only the page the chart decides on. A page the chart refuses never enters history; no app
 * link reloads the document (a marker set on the window survives every click).
 */

const baseURL = inject('baseURL');
const text = localeText;

const historyLength = (page: Page) => page.evaluate(() => history.length);
const pathOf = (page: Page) => new URL(page.url()).pathname;
/** A marker a document load would wipe. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

describe('links go through the app chart (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("a signed-in person's link to a page the chart refuses leaves history unchanged; taken links add one entry each", async () => {
    const session = await signUpByApi(baseURL, { phone: frenchMobile().e164, email: workEmail('links') });
    await answerBusiness(baseURL, session, { size: '2-10' });
    const context = await newContext(browser, baseURL, { viewport: viewports.desktop });
    await signInContext(context, baseURL, session);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/account');
    const startTrial = page.getByRole('link', { name: text('en', 'account', 'startTrial') });
    await startTrial.waitFor();
    await markDocument(page);
    const start = await historyLength(page);

    // The account page's trial button (a plain <a> before #28.4, which reloaded the document): one
    // entry, the step the funnel decides on (not /en/onboarding first).
    await startTrial.click();
    await page.waitForURL((url) => /^\/en\/onboarding\/.+/.test(url.pathname));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const step = pathOf(page);
    expect(await historyLength(page)).toBe(start + 1);
    expect(await sameDocument(page)).toBe(true);

    // The brand link goes to the start page, which the chart refuses a signed-in person (SPEC §2:
    // on to the funnel, which keeps its step): nothing is written.
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: new RegExp(`^Ringwise ${text('en', 'common', 'shell.home')}`) }).click();
    // The language link, after it: one entry, the same step in French.
    await banner.getByRole('link', { name: text('en', 'common', 'languageSwitch') }).click();
    await page.waitForURL((url) => url.pathname === step.replace(/^\/en/, '/fr'));
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    expect(await historyLength(page)).toBe(start + 2);
    expect(await sameDocument(page)).toBe(true);

    // Back goes to the English step, then to the account page: no refused page in between.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === step);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/account');
    expect(errors.filter((error) => !/favicon|Failed to load resource/.test(error))).toEqual([]);
    await context.close();
  });

  it("a signed-out visitor's links: the account page's sign-in and the language switch are one entry each, Back retraces them", async () => {
    const context = await newContext(browser, baseURL, { viewport: viewports.phone });
    const page = await context.newPage();
    await page.goto('/account');
    const signIn = page.getByRole('main').getByRole('link', { name: text('en', 'account', 'signIn') });
    await signIn.waitFor();
    await markDocument(page);
    const start = await historyLength(page);
    await signIn.click();
    await page.waitForURL((url) => url.pathname === '/en/sign-in-otp');
    expect(await historyLength(page)).toBe(start + 1);
    // The language link (SPEC: a new entry): /fr/sign-in-otp once, written by the chart.
    await page.getByRole('banner').getByRole('link', { name: /^FR/ }).click();
    await page.waitForURL((url) => url.pathname === '/fr/sign-in-otp');
    expect(await historyLength(page)).toBe(start + 2);
    expect(await sameDocument(page)).toBe(true);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/en/sign-in-otp');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/account');
    expect(await sameDocument(page)).toBe(true);
    await context.close();
  });
});
