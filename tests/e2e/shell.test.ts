import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { encodeValue } from '../../src/platform/session/cookie-storage';
import { axeViolations } from '../helpers/axe';
import { answerBusiness, frenchMobile, signInContext, signUpByApi, workEmail } from '../helpers/accounts';
import { newContext, viewports, watchPageErrors } from '../helpers/browser';
import { sharedBrowser } from '../helpers/file-browser';
import { localeText } from '../helpers/locale-text';

/**
 * The site shell in a real browser: every page has the header (brand, language switch, sign in or
 * the account menu) and the footer (privacy, terms, contact); titles follow the page and language;
 * signing out from the account menu ends the session and the header follows.
 */

const baseURL = inject('baseURL');
const text = (lng: 'en' | 'fr', key: string) => localeText(lng, 'common', key);
const title = (lng: 'en' | 'fr', page: string) => `${text(lng, `titles.${page}`)} · Ringwise`;
const onboardingText = (lng: 'en' | 'fr', key: string) => localeText(lng, 'onboarding', key);

async function signedInSession(): Promise<object> {
  const config = (await (await fetch(`${baseURL}/config.json`)).json()) as { auth: { publishableKey: string } };
  const headers = { apikey: config.auth.publishableKey, 'content-type': 'application/json', 'x-forwarded-for': '10.88.0.1' };
  const email = `shell-${Date.now()}@acme-widgets.com`;
  await fetch(`${baseURL}/auth/v1/otp`, { method: 'POST', headers, body: JSON.stringify({ email, create_user: true }) });
  const outbox = (await (await fetch(`${baseURL}/dev/outbox.json?recipient=${encodeURIComponent(email)}`)).json()) as { messages: { code: string }[] };
  const verified = await fetch(`${baseURL}/auth/v1/verify`, { method: 'POST', headers, body: JSON.stringify({ type: 'email', email, token: outbox.messages[0]!.code }) });
  expect(verified.status).toBe(200);
  return (await verified.json()) as object;
}

describe('site shell (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('frames every page with the header and footer, titled per page and language', async () => {
    const context = await newContext(browser, baseURL, { viewport: viewports.phone });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/en');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.title()).toBe(title('en', 'home'));
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: text('en', 'shell.signIn') }).getAttribute('href')).toBe('/en/sign-in-otp');
    // The language switch keeps the page: /en → /fr, and the title follows.
    await header.getByRole('link', { name: /^FR/ }).click();
    await page.waitForURL(/\/fr$/);
    await page.waitForFunction((expected) => document.title === expected, title('fr', 'home'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');

    // The footer's legal pages exist in both languages. Their axe passes are npm run visual's
    // (privacy, terms, contact: en and fr at 375 and 1280 px, #40.3).
    const footer = page.getByRole('contentinfo');
    for (const [key, path] of [
      ['privacy', '/fr/privacy'],
      ['terms', '/fr/terms'],
      ['contact', '/fr/contact'],
    ] as const) {
      await footer.getByRole('link', { name: text('fr', `shell.${key}`) }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { level: 1, name: text('fr', `titles.${key}`) }).waitFor();
      expect(await page.title()).toBe(title('fr', key));
    }
    // The sign-in page has the brand link and the language switch too.
    await page.goto('/en/sign-in-otp');
    await page.getByRole('banner').getByRole('link', { name: new RegExp(`^Ringwise ${text('en', 'shell.home')}`) }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: /^FR/ }).getAttribute('href')).toBe('/fr/sign-in-otp');
    expect(await page.title()).toBe(title('en', 'signInOtp'));
    expect(errors.filter((error) => !/favicon|Failed to load resource/.test(error))).toEqual([]);
    await context.close();
  });

  // The switch in place on a page without a language in its address runs in this browser once signed
  // out (#40.3: it had a browser of its own).
  it('shows a signed-in person the account menu, and its sign-out ends the session; then switches the language in place on a page without one in the address', async () => {
    const session = await signedInSession();
    const context = await newContext(browser, baseURL, { viewport: viewports.desktop });
    const host = new URL(baseURL).hostname;
    await context.addCookies([{ name: `sb-${host.split('.')[0]}-auth-token`, value: encodeValue(JSON.stringify(session)), domain: host, path: '/', sameSite: 'Strict', secure: false }]);
    const page = await context.newPage();
    await page.goto('/success');
    // What /success says depends on the reader's subscription (#26); this test is about the header.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: text('en', 'shell.signIn') }).count()).toBe(0);
    const menuButton = header.getByRole('button', { name: text('en', 'shell.account') });
    await menuButton.click();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(await header.getByRole('link', { name: text('en', 'shell.myAccount') }).getAttribute('href')).toBe('/account');
    expect(await axeViolations(page)).toEqual([]);
    // Escape closes the menu and gives focus back to its button.
    await page.keyboard.press('Escape');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await menuButton.click();
    await header.getByRole('button', { name: text('en', 'shell.signOut') }).click();
    await page.waitForURL(/\/en$/);
    await header.getByRole('link', { name: text('en', 'shell.signIn') }).waitFor();
    const cookies = await context.cookies();
    expect(cookies.filter((cookie) => cookie.name.includes('auth-token'))).toEqual([]);

    await page.goto('/app-download/macos');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe(title('en', 'appDownloadMacos'));
    await page.getByRole('banner').getByRole('button', { name: text('en', 'languageSwitch') }).click();
    await page.waitForFunction((expected) => document.title === expected, title('fr', 'appDownloadMacos'));
    expect(new URL(page.url()).pathname).toBe('/app-download/macos');
    expect(await page.evaluate(() => localStorage.getItem('onboarding-lang'))).toBe('fr');
    await context.close();
  });

  it('switches the funnel to French without a reload: same step, answers kept, Back returns to English', async () => {
    const phone = frenchMobile();
    const session = await signUpByApi(baseURL, { phone: phone.e164, email: workEmail('lang') });
    await answerBusiness(baseURL, session, { size: '2-10' });
    const context = await newContext(browser, baseURL, { viewport: viewports.desktop });
    await signInContext(context, baseURL, session);
    const page = await context.newPage();
    await page.goto('/en/onboarding/steps/details');
    await page.getByRole('heading', { level: 1, name: onboardingText('en', 'details.title') }).waitFor();
    // A marker that a full page load would wipe.
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    await page.getByRole('banner').getByRole('link', { name: text('en', 'languageSwitch') }).click();
    await page.getByRole('heading', { level: 1, name: onboardingText('fr', 'details.title') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/fr/onboarding/steps/details');
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    // The funnel itself moved to French: its in-page Back leads to the French size step.
    await page.getByRole('button', { name: onboardingText('fr', 'actions.back') }).click();
    await page.waitForURL('**/fr/onboarding/steps/size');
    // The switch was a new entry; stepping back from it replaced it (SPEC: moving back adds none).
    await page.goBack();
    await page.waitForURL('**/en/onboarding/steps/details');
    await page.getByRole('heading', { level: 1, name: onboardingText('en', 'details.title') }).waitFor();
    await context.close();
  });
});
