import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeFor, frenchMobile, outbox, signInContext, signUpByApi, workEmail, type Session } from '../helpers/accounts';
import { appRendered, newContext, viewports, watchPageErrors } from '../helpers/browser';
import { sharedBrowser } from '../helpers/file-browser';
import { beforeValue, localeText, type Lng } from '../helpers/locale-text';
import { signUpToPaywall } from '../../scripts/bench/sessions';

/**
 * The prerendered start page (scripts/vite-prerender.ts, server/spa/prerendered.ts): its HTML as
 * served holds the page in each language before any script runs; the client adopts that markup
 * (hydration, no error, the same elements) when the visitor's first render is the one prerendered,
 * and draws its own over it otherwise (another country, a signed-in visitor sent on).
 */

const baseURL = inject('baseURL');
const text = localeText;
const escaped = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Holds the app's code until released, so the page can be looked at as its HTML drew it; `asked`
 * settles once the loader has asked for it (the loader is running).
 */
async function holdScripts(page: Page, script: RegExp = /\/assets\/index-[^/]+\.js$/): Promise<(() => void) & { asked: Promise<void> }> {
  let release = () => undefined as void;
  let wasAsked = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (wasAsked = resolve));
  await page.route(script, async (route) => {
    wasAsked();
    await held;
    await route.continue();
  });
  return Object.assign(() => release(), { asked });
}

/** Marks the served heading, so a later look tells adopted markup (the same element) from a redraw. */
async function markServedHeading(page: Page): Promise<string | null> {
  await page.waitForSelector('#root h1');
  return page.evaluate(() => {
    const heading = document.querySelector('#root h1') as (HTMLElement & { servedByHtml?: boolean }) | null;
    if (heading) heading.servedByHtml = true;
    return heading?.textContent ?? null;
  });
}

/** Notes whether the heading ever leaves the page (a loading spinner in its place would be a layout shift). */
async function watchHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const host = window as unknown as { headingLost?: boolean };
    new MutationObserver(() => {
      if (document.readyState !== 'loading' && !document.querySelector('#root h1')) host.headingLost = true;
    }).observe(document, { childList: true, subtree: true });
  });
}
/**
 * The page's scripts are data blocks and its one loader, written in (scripts/prerender/document.ts):
 * the answer's policy is every other page's with that loader's hash added, so it runs and nothing else inline does.
 */
function expectOnlyTheLoaderInline(html: string, policy: string | null, basePolicy: string | null): void {
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !attributes?.includes('type="application/json"'));
  expect(scripts.map(([, attributes]) => attributes)).toEqual([expect.stringMatching(/^ type="module" data-entry="\/assets\/index-[\w-]+\.js"$/)]);
  const hash = `'sha256-${createHash('sha256').update(scripts[0]?.[2] ?? '').digest('base64')}'`;
  expect(policy).toBe(basePolicy?.replace(/(script-src [^;]*)/, `$1 ${hash}`));
}

const headingWasLost = (page: Page) => page.evaluate(() => (window as unknown as { headingLost?: boolean }).headingLost ?? false);

const headingIsServed = (page: Page) => page.evaluate(() => (document.querySelector('#root h1') as (HTMLElement & { servedByHtml?: boolean }) | null)?.servedByHtml === true);

describe('prerendered start page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => browser.close());

  it('serves the hero, title and texts in the HTML, in en and fr, with the config and no inline script but its loader', async () => {
    const indexResponse = await fetch(new URL('/en/privacy', baseURL));
    for (const lng of ['en', 'fr'] as const) {
      const response = await fetch(new URL(`/${lng}`, baseURL));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      expectOnlyTheLoaderInline(html, response.headers.get('content-security-policy'), indexResponse.headers.get('content-security-policy'));
      expect(html).toContain(`<html lang="${lng}">`);
      expect(html).toMatch(new RegExp(`<h1[^>]*id="start-title"[^>]*>${escaped(text(lng, 'landing', 'start.title'))}</h1>`));
      expect(html).toContain(`<title>${escaped(text(lng, 'common', 'titles.home'))} · Ringwise</title>`);
      expect(html).toContain(`<meta name="description" content="${escaped(text(lng, 'common', 'description'))}" />`);
      expect(html).toContain(escaped(text(lng, 'landing', 'start.formTitle')));
      const config = /<script type="application\/json" id="public-config">([^<]*)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(config ?? 'null')).toEqual(await (await fetch(new URL('/config.json', baseURL))).json());
      // Every stylesheet the page needs is linked by the HTML, not left for the script to add.
      expect(html.match(/<link rel="stylesheet"/g)?.length ?? 0).toBeGreaterThan(1);
      // What the render assumed, and nothing else (a generator page's script only on a generator page).
      const state = JSON.parse(/<script type="application\/json" id="prerendered-state">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as Record<string, unknown>;
      expect(Object.keys(state).sort()).toEqual(['country', 'countryName', 'lng', 'page', 'texts']);
      expect(state.countryName).toBe(lng === 'fr' ? 'France' : 'United States');
    }
    const root = await fetch(new URL('/', baseURL), { headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' } });
    expect(await root.text()).toContain('<html lang="fr">');
    expect(root.headers.get('vary')).toContain('accept-language');
    // The files themselves are not served as such.
    expect(await (await fetch(new URL('/prerendered/en.html', baseURL))).text()).not.toContain('start-title');
  });

  // In fr here; the en start page's served markup is adopted in the next test (typed into first).
  it('hydrates the served markup without an error, then the form works (fr); the paywall frame is drawn over for a visitor holding no session, who is sent to the language home (SPEC §4 rule 1)', async () => {
    const lng: Lng = 'fr';
    const context = await newContext(browser, baseURL, { viewport: viewports.phone, locale: 'fr-FR' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // Intl's region names cost the adoption its longest task: the phone field names its country as
    // the markup does, and the region names start only for the picker's list (#40.2).
    await page.addInitScript(() => {
      const host = window as unknown as { regionNames: number };
      host.regionNames = 0;
      const Original = Intl.DisplayNames;
      class Counted extends Original {
        constructor(...args: ConstructorParameters<typeof Original>) {
          super(...args);
          if (args[1]?.type === 'region') host.regionNames += 1;
        }
      }
      Object.defineProperty(Intl, 'DisplayNames', { value: Counted, configurable: true, writable: true });
    });
    const regionNames = () => page.evaluate(() => (window as unknown as { regionNames: number }).regionNames);
    const release = await holdScripts(page);
    await page.goto(`/${lng}`, { waitUntil: 'commit' });
    expect(await markServedHeading(page)).toBe(text(lng, 'landing', 'start.title'));
    release();
    await appRendered(page);
    await page.getByRole('contentinfo').waitFor();
    expect(await headingIsServed(page)).toBe(true);
    await expect.poll(() => page.title()).toBe(`${text(lng, 'common', 'titles.home')} · Ringwise`);
    const countryButton = page.getByRole('button', { name: new RegExp(`^${text(lng, 'common', 'phoneInput.countryButton').split('{{')[0]}`) });
    expect(await countryButton.textContent()).toMatch(/\+33/);
    expect(await countryButton.textContent()).toContain('France');
    expect(await regionNames()).toBe(0);
    await countryButton.click();
    await page.getByRole('option', { name: /Allemagne/ }).waitFor();
    expect(await regionNames()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    // The handlers are attached: an empty submit reports every required field.
    await page.getByRole('button', { name: text(lng, 'landing', 'fields.submit') }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: text(lng, 'common', 'validation.required') }).count()).toBe(5);

    // The paywall frame, for a visitor holding no session: drawn over without a hydration error, and home.
    await page.goto('/fr/onboarding/checkout-form');
    await page.waitForURL((url) => url.pathname === '/fr');
    await page.getByRole('heading', { level: 1, name: text('fr', 'landing', 'start.title') }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps what is typed and a submit made before the app runs, and never sends the form by itself (en: the served markup adopted); draws over the markup in one step when the visitor differs (another country, a query)', async () => {
    // One browser for the three visits: none signs in, and each is a new document.
    const context = await newContext(browser, baseURL, { viewport: viewports.phone, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    for (const path of ['/en', '/en?utm_source=early']) {
      await page.unrouteAll({ behavior: 'wait' });
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: 'commit' });
      await page.waitForSelector('#root form');
      if (path === '/en') expect(await markServedHeading(page)).toBe(text('en', 'landing', 'start.title'));
      // Typed once the loader runs (before it, typing is the page's own and a submit does nothing).
      await release.asked;
      await page.getByLabel(text('en', 'landing', 'fields.email'), { exact: true }).fill('jane@');
      await page.getByLabel(text('en', 'landing', 'fields.firstName'), { exact: true }).fill('Jane');
      await page.getByRole('button', { name: text('en', 'landing', 'fields.submit') }).click();
      release();
      await appRendered(page);
      // The held submit is sent to the app: it checks what was typed.
      await page.getByText(text('en', 'common', 'validation.invalidEmail')).waitFor();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: text('en', 'common', 'validation.required') }).count()).toBe(3);
      expect(await page.getByLabel(text('en', 'landing', 'fields.firstName'), { exact: true }).inputValue()).toBe('Jane');
      expect(new URL(page.url()).searchParams.has('email')).toBe(false);
      if (path === '/en') {
        // The en visitor's first render is the one prerendered: the served markup is adopted (the
        // same heading), with the page's title and the visitor's country.
        expect(await headingIsServed(page)).toBe(true);
        await expect.poll(() => page.title()).toBe(`${text('en', 'common', 'titles.home')} · Ringwise`);
        expect(await page.getByRole('button', { name: new RegExp(`^${text('en', 'common', 'phoneInput.countryButton').split('{{')[0]}`) }).textContent()).toMatch(/\+1\b/);
      }
    }

    // Another country (an en-US visitor on /fr) and a query: drawn over in one step.
    await page.unrouteAll({ behavior: 'wait' });
    await watchHeading(page);
    await page.goto('/fr?email=jane%40acme.com&utm_source=prerender');
    await appRendered(page);
    await page.getByRole('contentinfo').waitFor();
    expect(await page.getByLabel(text('fr', 'landing', 'fields.email'), { exact: true }).inputValue()).toBe('jane@acme.com');
    expect(await page.getByRole('button', { name: /^Pays/ }).textContent()).toMatch(/\+1\b/);
    expect(await headingWasLost(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('utm_source'))).toBe('prerender');
    expect(errors).toEqual([]);
    await context.close();
  });


  it('serves the paywall frame in the HTML (en, fr), then draws the signed-in visitor\'s plans over it without losing the heading; the start page still sends that visitor to onboarding', async () => {
    for (const lng of ['en', 'fr'] as const) {
      const html = await (await fetch(new URL(`/${lng}/onboarding/checkout-form?interval=monthly&plan=starter`, baseURL))).text();
      expect(html).toContain(`<html lang="${lng}">`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${escaped(text(lng, 'checkout', 'title'))}</h1>`));
      expect(html).toContain(escaped(text(lng, 'checkout', 'subtitle')));
      expect(html).toContain(`<title>${escaped(text(lng, 'common', 'titles.checkoutForm'))} · Ringwise</title>`);
      // Nobody's data in it: the frame is the same for every visitor.
      expect(html).not.toMatch(/@|\+33/);
    }
    const config = (await (await fetch(new URL('/config.json', baseURL))).json()) as { auth: { publishableKey: string } };
    const session = (await signUpToPaywall(baseURL, config.auth.publishableKey)) as Session;
    const context = await newContext(browser, baseURL, { viewport: viewports.phone, locale: 'en-US' });
    await signInContext(context, baseURL, session);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await watchHeading(page);
    const release = await holdScripts(page);
    await page.goto('/en/onboarding/checkout-form', { waitUntil: 'commit' });
    expect(await markServedHeading(page)).toBe(text('en', 'checkout', 'title'));
    release();
    await appRendered(page);
    // The plans come (the visitor's own page, drawn over: they hold a session), and the heading never left.
    await page.getByRole('button', { name: text('en', 'checkout', 'start') }).waitFor();
    expect(await headingWasLost(page)).toBe(false);

    // The same signed-in visitor on the start page is still sent to onboarding: the address changes as
    // the app starts; the served markup stays until the app's first render.
    await page.goto('/en');
    await page.waitForURL('**/en/onboarding**');
    await appRendered(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe(text('en', 'landing', 'start.title'));
    expect(errors).toEqual([]);
    await context.close();
  });


  // React adopts the markup once the page's own code is here (src/main.tsx), all of it at once: a
  // click before that on a link of the header is the browser's, a page load, never a switch made
  // while part of the page is adopted and part is not (what a one-off React #418 was looked for in).
  it('a language link clicked while the page\'s code is on its way is a plain link: the French page loads and is adopted without an error', async () => {
    const context = await newContext(browser, baseURL, { viewport: viewports.phone, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    let releasePage = () => undefined as void;
    const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
    let asked = () => undefined as void;
    const pageAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.route(/\/assets\/StartPage-[^/]+\.js$/, async (route) => {
      asked();
      await pageHeld;
      await route.continue();
    });
    await page.goto('/en');
    await pageAsked;
    const header = page.getByRole('banner');
    expect(await header.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')))).toBe(false);
    await page.evaluate(() => void ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
    await header.getByRole('link', { name: /^FR/ }).click();
    await page.waitForURL(/\/fr$/);
    releasePage();
    await appRendered(page);
    await page.getByRole('heading', { level: 1, name: text('fr', 'landing', 'start.title') }).waitFor();
    // A new document: the browser followed the link.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** React writes an apostrophe in text as &#x27; (the texts above only need &, < and >). */
const inMarkup = (value: string) => escaped(value).replace(/'/g, '&#x27;');

describe('prerendered demo and sign-in pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => browser.close());

  const pages = [
    { path: 'demo', ns: 'landing', title: 'demo.title', lead: 'demo.subtitle', pageTitle: 'titles.demo' },
    { path: 'sign-in-otp', ns: 'auth', title: 'signIn.title', lead: 'signIn.subtitle', pageTitle: 'titles.signInOtp' },
  ] as const;

  it('serves the heading and the largest text in the HTML (en, fr), with nothing the build machine made up', async () => {
    const indexResponse = await fetch(new URL('/en/privacy', baseURL));
    const index = await indexResponse.text();
    const config = await (await fetch(new URL('/config.json', baseURL))).json();
    for (const lng of ['en', 'fr'] as const) {
      for (const served of pages) {
        const response = await fetch(new URL(`/${lng}/${served.path}`, baseURL));
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(html).toContain(`<html lang="${lng}">`);
        expect(html).toMatch(new RegExp(`<h1[^>]*>${inMarkup(text(lng, served.ns, served.title))}</h1>`));
        expect(html).toContain(inMarkup(text(lng, served.ns, served.lead)));
        expect(html).toContain(`<title>${escaped(text(lng, 'common', served.pageTitle))} · Ringwise</title>`);
        expectOnlyTheLoaderInline(html, response.headers.get('content-security-policy'), indexResponse.headers.get('content-security-policy'));
        expect(JSON.parse(/<script type="application\/json" id="public-config">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null')).toEqual(config);
        // Indexed as the client-rendered page is (index.html's head): no robots rule added or lost.
        expect(html.includes('name="robots"')).toBe(index.includes('name="robots"'));
        // The other language's texts are not in it.
        const other = lng === 'en' ? 'fr' : 'en';
        expect(html).not.toContain(inMarkup(text(other, served.ns, served.lead)));
      }
      const served = await (await fetch(new URL(`/${lng}/demo`, baseURL))).text();
      // The markup (the texts' data block beside it holds every landing text, the hint's too).
      const demo = served.slice(served.indexOf('<div id="root">'), served.indexOf('<script type="application/json"'));
      // No day, time or time zone from the build: they are the visitor's clock's and zone's.
      expect(demo).toMatch(/<select[^>]*name="day"[^>]*><\/select>/);
      expect(demo).not.toContain(escaped(beforeValue(text(lng, 'landing', 'demo.timeZone'))));
      expect(demo).not.toMatch(/UTC|\b20\d\d-\d\d-\d\dT/);
    }
  });

  // One language each, the other's page in the other: the demo page hydrates and books in en here and
  // in fr in tests/e2e/landing.test.ts › 'demo (fr)' (fr-FR: the served markup's country, page errors
  // watched, the zone said in fr); the sign-in page hydrates and signs in by code in fr here, and its
  // en markup is adopted in 'a click on the sign-in switch before the app runs …' below (en sign-in by
  // code: tests/helpers/sign-in.ts's signInByCode, in tests/e2e/accounts.test.ts and others).
  {
    const [lng, locale, country] = ['en', 'en-US', /\+1\b/] as const;
    it(`demo (${lng}): hydrates the served markup without an error, then shows the visitor's days and zone and books a call`, async () => {
      const context = await newContext(browser, baseURL, { viewport: viewports.phone, locale, timezoneId: 'Asia/Tokyo' });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const release = await holdScripts(page);
      await page.goto(`/${lng}/demo`, { waitUntil: 'commit' });
      expect(await markServedHeading(page)).toBe(text(lng, 'landing', 'demo.title'));
      release();
      await appRendered(page);
      await page.getByRole('contentinfo').waitFor();
      expect(await headingIsServed(page)).toBe(true);
      expect(await page.getByRole('button', { name: new RegExp(`^${text(lng, 'common', 'phoneInput.countryButton').split('{{')[0]}`) }).textContent()).toMatch(country);
      // The visitor's own zone and days, filled in as React took the page over.
      await page.getByText(text(lng, 'landing', 'demo.timeZone').replace('{{zone}}', 'Asia/Tokyo')).waitFor();
      const day = page.getByLabel(text(lng, 'landing', 'demo.day'), { exact: true });
      expect(await day.locator('option').count()).toBe(10);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
      expect((await day.inputValue()) >= today).toBe(true);
      const email = workEmail(`prerender-demo-${lng}`);
      await page.getByLabel(text(lng, 'landing', 'fields.email'), { exact: true }).fill(email);
      await page.getByLabel(text(lng, 'landing', 'fields.firstName'), { exact: true }).fill('Jane');
      await page.getByLabel(text(lng, 'landing', 'fields.lastName'), { exact: true }).fill('Doe');
      await page.getByLabel(text(lng, 'landing', 'fields.companyName'), { exact: true }).fill('Acme Plumbing');
      await page.getByLabel(text(lng, 'landing', 'fields.phone'), { exact: true }).fill('+33 6 12 34 56 78');
      const time = page.getByLabel(text(lng, 'landing', 'demo.time'), { exact: true });
      const slot = await time.locator('option').nth(1).getAttribute('value');
      // The first time offered is the chosen day at 09:00-17:30 in the visitor's zone (React keeps a
      // served attribute as it was: a build-time value would stay in the page unseen).
      const at = Object.fromEntries(
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
          .formatToParts(new Date(slot ?? NaN))
          .map((part) => [part.type, part.value]),
      );
      expect(`${at.year}-${at.month}-${at.day}`).toBe(await day.inputValue());
      expect(Number(at.hour) * 60 + Number(at.minute)).toBeGreaterThanOrEqual(9 * 60);
      expect(Number(at.hour) * 60 + Number(at.minute)).toBeLessThanOrEqual(17 * 60 + 30);
      await time.selectOption(slot ?? '');
      await page.getByRole('button', { name: text(lng, 'landing', 'demo.book') }).click();
      await page.getByText(beforeValue(text(lng, 'landing', 'demo.booked'))).waitFor();
      const list = (await (await fetch(`${baseURL}/admin/bookings.json`)).json()) as { bookings: Array<{ email: string; slot: string; timeZone: string }> };
      expect(list.bookings.filter((booking) => booking.email === email)).toEqual([expect.objectContaining({ slot, timeZone: 'Asia/Tokyo' })]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
  {
    const [lng, locale, country] = ['fr', 'fr-FR', /\+33/] as const;
    it(`sign-in (${lng}): hydrates the served markup without an error, then signs in by code`, async () => {
      const phone = frenchMobile();
      await signUpByApi(baseURL, { phone: phone.e164, email: workEmail(`prerender-sign-in-${lng}`) }, { address: '10.92.0.2' });
      const context = await newContext(browser, baseURL, { viewport: viewports.phone, locale, extraHTTPHeaders: { 'x-forwarded-for': '10.92.1.2' } });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const release = await holdScripts(page);
      await page.goto(`/${lng}/sign-in-otp`, { waitUntil: 'commit' });
      expect(await markServedHeading(page)).toBe(text(lng, 'auth', 'signIn.title'));
      release();
      await appRendered(page);
      await page.getByRole('contentinfo').waitFor();
      expect(await headingIsServed(page)).toBe(true);
      expect(await page.getByRole('button', { name: new RegExp(`^${text(lng, 'common', 'phoneInput.countryButton').split('{{')[0]}`) }).textContent()).toMatch(country);
      // The method switch is the app's now: the email field comes and goes.
      await page.getByRole('button', { name: text(lng, 'auth', 'signIn.byEmail'), exact: true }).click();
      await page.getByLabel(text(lng, 'auth', 'signIn.emailLabel'), { exact: true }).waitFor();
      await page.getByRole('button', { name: text(lng, 'auth', 'signIn.byPhone'), exact: true }).click();
      await page.getByLabel(text(lng, 'auth', 'signIn.phoneLabel'), { exact: true }).fill(phone.e164);
      const before = (await outbox(baseURL, phone.e164)).length;
      await page.getByRole('button', { name: text(lng, 'auth', 'signIn.send') }).click();
      await page.getByLabel(text(lng, 'auth', 'code.label')).fill(await codeFor(baseURL, phone.e164, before));
      await page.waitForURL(`**/${lng}/onboarding**`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('sign-in (en): a number typed and sent before the app runs reaches it, and nothing goes into the address', async () => {
    const context = await newContext(browser, baseURL, { viewport: viewports.phone, locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': '10.92.2.1' } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const release = await holdScripts(page);
    await page.goto('/en/sign-in-otp', { waitUntil: 'commit' });
    await page.waitForSelector('#root form');
    await release.asked;
    await page.getByLabel(text('en', 'auth', 'signIn.phoneLabel'), { exact: true }).fill('+1 201');
    await page.getByRole('button', { name: text('en', 'auth', 'signIn.send') }).click();
    release();
    await appRendered(page);
    await page.getByText(text('en', 'common', 'validation.invalidPhone')).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  // A click on the method switch before the app runs (the entry held) or while the page's own code is
  // on its way (its chunk held: the app running, the markup not yet taken). Adopted markup: the same
  // button, React taking the page only once that code is here (before 29 Nov a click meanwhile was
  // dropped, and a session-tabs run waited 30 s for 'Email address'). Drawn over (the visitor's page
  // differs from the markup: here a search in the address): made on the new page's button.
  it('sign-in (en): a click on the method switch before the app runs or while its page is on its way is made again once it has rendered, adopted or drawn over (a search in the address)', async () => {
    const context = await newContext(browser, baseURL, { viewport: viewports.phone, locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': '10.92.2.2' } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const pageChunk = /\/assets\/SignInOtpPage-[^/]+\.js$/;
    for (const address of ['/en/sign-in-otp', '/en/sign-in-otp?utm_source=newsletter']) {
      for (const held of [undefined, pageChunk]) {
        const release = await holdScripts(page, held);
        await page.goto(address, { waitUntil: 'commit' });
        expect(await markServedHeading(page)).toBe(text('en', 'auth', 'signIn.title'));
        await release.asked;
        await page.getByRole('button', { name: text('en', 'auth', 'signIn.byEmail'), exact: true }).click();
        release();
        await appRendered(page);
        await page.getByLabel(text('en', 'auth', 'signIn.emailLabel'), { exact: true }).waitFor();
        // Drawn over with a search (the click made on the new page's button), adopted without.
        expect(await headingIsServed(page), address).toBe(!address.includes('?'));
        await page.unrouteAll({ behavior: 'wait' });
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('demo (fr): a click on the country picker before the app runs is made again once it has rendered', async () => {
    const demo = await newContext(browser, baseURL, { viewport: viewports.phone, locale: 'fr-FR' });
    const demoPage = await demo.newPage();
    const demoErrors = watchPageErrors(demoPage);
    const releaseDemo = await holdScripts(demoPage);
    await demoPage.goto('/fr/demo', { waitUntil: 'commit' });
    await demoPage.waitForSelector('#root form');
    await releaseDemo.asked;
    await demoPage.locator('main form button[aria-haspopup="listbox"]').click();
    // Nothing happens before the app is here.
    expect(await demoPage.getByRole('listbox').count()).toBe(0);
    releaseDemo();
    await appRendered(demoPage);
    await demoPage.getByRole('listbox').waitFor();
    expect(demoErrors).toEqual([]);
    await demo.close();
  });
});

describe('prerendered greeting builder', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => browser.close());

  /** The served page's script (its state) and what its textarea holds, read before any script runs. */
  async function servedScript(page: Page): Promise<{ script: number; text: string }> {
    await page.waitForSelector('#root textarea');
    return page.evaluate(() => ({
      script: (JSON.parse(document.getElementById('prerendered-state')?.textContent ?? '{}') as { script: number }).script,
      text: document.querySelector('textarea')?.value ?? '',
    }));
  }

  it("opens on one of the sample scripts in the HTML, in the visitor's language at /voice-generator; adopted (fr) or drawn again (another country), the page keeps it or what was typed over it before the app ran, and Generate swaps in another", async () => {
    const visits: { lng: Lng; locale: string; adopted: boolean; typed?: string }[] = [
      { lng: 'fr', locale: 'fr-FR', adopted: true },
      { lng: 'en', locale: 'en-GB', adopted: false, typed: 'Thanks for calling Summit Builders.' },
    ];
    for (const { lng, locale, adopted, typed } of visits) {
      const context = await newContext(browser, baseURL, { viewport: viewports.phone, locale });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const release = await holdScripts(page);
      await page.goto('/voice-generator', { waitUntil: 'commit' });
      const served = await servedScript(page);
      expect(served.text, lng).toBe(text(lng, 'voice', `templates.${served.script}`));
      await page.evaluate(() => ((window as unknown as { servedArea?: Element }).servedArea = document.querySelector('textarea')!));
      if (typed) {
        await release.asked;
        await page.locator('textarea').fill(typed);
      }
      release();
      await appRendered(page);
      if (typed) {
        // Written by hand: the app has it, and names no sample script.
        await expect.poll(() => page.locator('textarea').inputValue()).toBe(typed);
        expect(await page.getByText(beforeValue(text(lng, 'voice', 'script.template'))).count()).toBe(0);
      } else {
        await page.getByText(`${beforeValue(text(lng, 'voice', 'script.template'))} ${served.script}`, { exact: false }).waitFor();
        expect(await page.locator('textarea').inputValue()).toBe(served.text);
      }
      expect(await page.evaluate(() => (window as unknown as { servedArea?: Element }).servedArea === document.querySelector('textarea')), lng).toBe(adopted);
      await page.getByRole('button', { name: text(lng, 'voice', 'script.generate'), exact: true }).click();
      await expect.poll(() => page.locator('textarea').inputValue()).not.toBe(typed ?? served.text);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
