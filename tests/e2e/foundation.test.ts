import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, viewports, watchPageErrors } from '../helpers/browser';
import { sharedBrowser } from '../helpers/file-browser';

describe('root layout and language routing', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => browser.close());

  it('answers /robots.txt with a robots file, not the SPA', async () => {
    const response = await fetch(new URL('/robots.txt', baseURL));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const body = await response.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Disallow: \/account$/m);
    expect(body).not.toContain('<div id="root">');
  });

  it('sends / to the browser language, and keeps the stored choice later', async () => {
    const context = await newContext(browser, baseURL, { locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL('**/fr');
    expect(await page.evaluate(() => localStorage.getItem('onboarding-lang'))).toBe('fr');
    await page.goto('/en');
    // The choice is stored once the app has booted on /en; only then does / follow it.
    await page.waitForFunction(() => localStorage.getItem('onboarding-lang') === 'en');
    await page.goto('/');
    await page.waitForURL('**/en');
    await context.close();
  });

  it('lands unknown languages and routes on a valid page', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await page.goto('/xx/anything');
    await page.waitForURL(/\/en$/);
    await page.goto('/de');
    await page.waitForURL(/\/en$/);
    expect(await page.evaluate(() => localStorage.getItem('onboarding-lang'))).toBe('en');
    await context.close();
  });

  it('saves the tracking params on any route', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await page.goto('/voice-generator?custom_code=PARTNER10&utm_source=newsletter&utm_campaign=spring');
    // Stored once the app has started (not the network's quiet moment: nothing here waits on it).
    const stored = () =>
      page.evaluate(() => ({
        code: localStorage.getItem('allo_checkout_custom_code'),
        source: localStorage.getItem('utm_source'),
        campaign: localStorage.getItem('utm_campaign'),
      }));
    await expect.poll(stored, { timeout: 20_000 }).toEqual({ code: 'PARTNER10', source: 'newsletter', campaign: 'spring' });
    await context.close();
  });

  it('preloads a page on intent: hovering a link fetches its code before the click', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await page.goto('/en');
    const link = page.getByRole('link', { name: 'I already have an account' });
    // The prerendered start page's links preload once the app has rendered over it (the footer shows it).
    await page.getByRole('contentinfo').waitFor();
    const chunk = page.waitForRequest((request) => /\/assets\/SignInOtpPage-[^/]+\.js$/.test(request.url()), { timeout: 10_000 });
    await link.hover();
    await chunk;
    expect(page.url()).toMatch(/\/en$/);
    await context.close();
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`renders the start page at ${viewport.width} px in en and fr without errors`, async () => {
      const context = await newContext(browser, baseURL, { viewport });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      for (const lng of ['en', 'fr'] as const) {
        await page.goto(`/${lng}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
        await screenshot(page, `foundation-start-${lng}-${name}`);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
