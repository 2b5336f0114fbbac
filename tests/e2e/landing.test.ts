import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, viewports, watchPageErrors, appRendered } from '../helpers/browser';
import { sharedBrowser } from '../helpers/file-browser';
import { axeViolations } from '../helpers/axe';
import { confirmationLink } from '../helpers/accounts';
import { beforeValue, localeText, type Lng } from '../helpers/locale-text';

/** A text from the locale files, so the test checks what people read in each language. */
const text = localeText;
/** The country picker's button: its name starts with 'Country:' / 'Pays :'. */
const countryButtonName = (lng: Lng) => new RegExp(`^${beforeValue(text(lng, 'common', 'phoneInput.countryButton'))}`);



interface OutboxMessage {
  code: string | null;
  channel: string;
  body: string;
}

async function outbox(baseURL: string, recipient: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseURL}/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

async function latestCode(baseURL: string, recipient: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const [message] = await outbox(baseURL, recipient);
    if (message?.code) return message.code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${recipient}`);
}

/** The access token from the session cookie (base64- + base64url JSON, maybe in chunks). */
async function accessToken(context: BrowserContext): Promise<string> {
  const cookies = (await context.cookies())
    .filter((cookie) => /^sb-.*-auth-token(\.\d+)?$/.test(cookie.name))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const joined = cookies.map((cookie) => cookie.value).join('');
  const json = Buffer.from(decodeURIComponent(joined).replace(/^base64-/, ''), 'base64url').toString('utf8');
  return (JSON.parse(json) as { access_token: string }).access_token;
}

interface UserView {
  id: string;
  profile: { first_name: string | null; last_name: string | null; email: string | null; phone: string | null };
  data: Record<string, unknown>;
}

async function currentUser(baseURL: string, context: BrowserContext): Promise<UserView> {
  const response = await fetch(`${baseURL}/v1/user`, { headers: { authorization: `Bearer ${await accessToken(context)}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as UserView;
}

let counter = 0;
/** A fresh valid French mobile number for each sign-up (06 12 + 6 digits: not every 06 range is allocated). */
function frenchMobile(): { national: string; e164: string } {
  counter += 1;
  const digits = `12${String((Date.now() * 10 + counter) % 1_000_000).padStart(6, '0')}`;
  return { national: `06${digits}`, e164: `+336${digits}` };
}
const workEmail = (tag: string) => `${tag}.${Date.now()}.${++counter}@acme-plumbing.com`;

async function fillSignup(page: Page, lng: Lng, values: { email: string; first: string; last: string; company: string; phone: string }) {
  await page.getByLabel(text(lng, 'landing', 'fields.email'), { exact: true }).fill(values.email);
  await page.getByLabel(text(lng, 'landing', 'fields.firstName'), { exact: true }).fill(values.first);
  await page.getByLabel(text(lng, 'landing', 'fields.lastName'), { exact: true }).fill(values.last);
  await page.getByLabel(text(lng, 'landing', 'fields.companyName'), { exact: true }).fill(values.company);
  await page.getByLabel(text(lng, 'landing', 'fields.phone'), { exact: true }).fill(values.phone);
}

async function pickCountry(page: Page, lng: Lng, query: string) {
  // The prerendered start page's country button works once the app has rendered over it, which
  // the footer shows (it is drawn after the first render; a page clock hides performance marks).
  await page.getByRole('contentinfo').waitFor();
  await page.getByRole('button', { name: countryButtonName(lng) }).click();
  const search = page.getByRole('combobox', { name: text(lng, 'common', 'phoneInput.search') });
  await search.fill(query);
  await search.press('Enter');
}

/** Waits for the code screen; on failure says what the page shows instead. */
async function codeScreen(page: Page, lng: Lng) {
  const input = page.getByLabel(text(lng, 'auth', 'code.label'));
  await input.waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
    throw new Error(`no code screen (${String(error)}): ${(await page.locator('main').innerText().catch(() => '')).slice(0, 800)}`);
  });
  return input;
}

async function enterCode(page: Page, baseURL: string, lng: Lng, recipient: string) {
  const input = await codeScreen(page, lng);
  await input.fill(await latestCode(baseURL, recipient));
}

/** Accounts made by the start-page tests, signed up again at the end. */
const signups: Array<{ lng: Lng; email: string; phone: { national: string; e164: string }; userId: string }> = [];

/**
 * Opens a page and waits for its title. On failure says what the browser saw (body text and failed
 * requests): other test runs rebuilding dist/client at the same time show up as 404 chunks here.
 */
async function open(page: Page, path: string, heading?: string): Promise<void> {
  const failed: string[] = [];
  const onFailed = (response: { status(): number; url(): string }) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  };
  page.on('response', onFailed);
  try {
    await page.goto(path);
    await page.getByRole('heading', heading ? { level: 1, name: heading } : { level: 1 }).waitFor({ timeout: 20_000 });
    // The heading is in the prerendered HTML: what the tests click and count is the app's.
    await appRendered(page);
  } catch (error) {
    const body = await page.locator('body').innerText().catch(() => '');
    throw new Error(`${path} did not show its title: ${String(error)}\nbody: ${body.slice(0, 300)}\nfailed: ${failed.join(', ')}`);
  } finally {
    page.off('response', onFailed);
  }
}

/** The page's requests not yet answered (or failed), kept up to date as they go. */
function requestsInFlight(page: Page): Set<Request> {
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return open;
}

describe('landing pages', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => browser.close());

  for (const lng of ['en', 'fr'] as const) {
    it(`start page (${lng}): every message, the personal-email prompt, a real account, created once`, async () => {
      const context = await newContext(browser, baseURL, { locale: lng === 'fr' ? 'fr-FR' : 'en-US' });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await open(page, `/${lng}?utm_source=e2e-${lng}&custom_code=E2E10`, text(lng, 'landing', 'start.title'));
      expect(await page.getByRole('link', { name: text(lng, 'landing', 'start.haveAccount') }).first().getAttribute('href')).toBe(`/${lng}/sign-in-otp`);
      const submit = page.getByRole('button', { name: text(lng, 'landing', 'fields.submit'), exact: true });

      // Empty: every field says it is required, announced as alerts.
      await submit.click();
      const required = page.getByRole('alert').filter({ hasText: text(lng, 'common', 'validation.required') });
      await expect.poll(() => required.count()).toBe(5);
      await screenshot(page, `landing-start-errors-${lng}-desktop`);

      // Invalid email and phone.
      await page.getByLabel(text(lng, 'landing', 'fields.email'), { exact: true }).fill('jane@');
      await page.getByText(text(lng, 'common', 'validation.invalidEmail')).waitFor();
      await page.getByLabel(text(lng, 'landing', 'fields.phone'), { exact: true }).fill('06 12');
      await page.getByText(text(lng, 'common', 'validation.invalidPhone')).waitFor();

      // The country picker: a search with no match, then France by its localized name.
      await page.getByRole('button', { name: countryButtonName(lng) }).click();
      const search = page.getByRole('combobox', { name: text(lng, 'common', 'phoneInput.search') });
      await search.fill('zzzz');
      await page.getByRole('status').filter({ hasText: text(lng, 'common', 'validation.noCountry') }).waitFor();
      // axe on each of this test's states once, in en: the fr run draws the same elements in other words
      // (and `npm run visual` runs axe on the fr start page at both widths).
      if (lng === 'en') expect(await axeViolations(page)).toEqual([]);
      await search.fill('Fran');
      await search.press('Enter');
      await page.getByRole('button', { name: /France \+33/ }).waitFor();

      // A disposable address is refused.
      const phone = frenchMobile();
      await fillSignup(page, lng, { email: 'someone@yopmail.com', first: 'Jane', last: 'Doe', company: 'Acme Plumbing', phone: phone.national });
      expect(await page.getByLabel(text(lng, 'landing', 'fields.phone'), { exact: true }).inputValue()).toMatch(/^06 \d\d \d\d \d\d \d\d$/);
      await submit.click();
      await page.getByText(text(lng, 'landing', 'errors.disposable')).waitFor();

      // A personal address: the prompt, both ways.
      const personal = `jane.${Date.now()}@gmail.com`;
      await page.getByLabel(text(lng, 'landing', 'fields.email'), { exact: true }).fill(personal);
      await submit.click();
      await page.getByText(text(lng, 'landing', 'personalEmail.title')).waitFor();
      // #37.5: focus moves to the prompt as it appears (it used to stay on the phone field).
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-labelledby') === 'personal-email-title');
      await screenshot(page, `landing-start-personal-${lng}-desktop`);
      if (lng === 'en') expect(await axeViolations(page)).toEqual([]);
      const email = lng === 'en' ? workEmail('jane') : personal;
      if (lng === 'en') {
        await page.getByRole('button', { name: text(lng, 'landing', 'personalEmail.change') }).click();
        expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('email');
        await page.getByLabel(text(lng, 'landing', 'fields.email'), { exact: true }).fill(email);
        // Double submit: one code only.
        await submit.dblclick();
      } else {
        await page.getByRole('button', { name: text(lng, 'landing', 'personalEmail.continue') }).dblclick();
      }

      await codeScreen(page, lng);
      await screenshot(page, `landing-start-code-${lng}-desktop`);
      if (lng === 'en') expect(await axeViolations(page)).toEqual([]);
      expect(await outbox(baseURL, phone.e164)).toHaveLength(1);
      await enterCode(page, baseURL, lng, phone.e164);
      await page.waitForURL(`**/${lng}/onboarding**`);
      expect(new URL(page.url()).searchParams.get('origin')).toBe('default');

      const user = await currentUser(baseURL, context);
      expect(user.profile).toMatchObject({ first_name: 'Jane', last_name: 'Doe', email: email.toLowerCase(), phone: phone.e164 });
      expect(user.data).toMatchObject({ company_name: 'Acme Plumbing', landing_page: 'start', utm_source: `e2e-${lng}`, custom_code: 'E2E10' });

      // A signed-in visitor on the start page goes to onboarding, the tracking values saved during
      // that redirect (SPEC §2). Read from storage, not from the redirect's address: the funnel
      // replaces that address with its step's within milliseconds, and a loaded machine read it late.
      // Once, in en: the redirect and the storage do not depend on the language.
      if (lng === 'en') {
        await page.goto(`/${lng}?utm_campaign=again`);
        await page.waitForURL(`**/${lng}/onboarding**`);
        expect(await page.evaluate(() => localStorage.getItem('utm_campaign'))).toBe('again');
        expect(await page.evaluate(() => localStorage.getItem('allo_checkout_custom_code'))).toBe('E2E10');

        // The address given at sign-up is a claim until its owner opens the confirmation link (decision
        // 103): the en account's owner opens it, so the address is proven for the test that reuses it.
        const link = await confirmationLink(baseURL, email);
        expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toContain('email_confirmed=1');
      }
      signups.push({ lng, email, phone, userId: user.id });

      expect(errors).toEqual([]);
      await context.close();
    });
  }

  // In fr only: the en messages of this form (required, invalid email, disposable) are the start
  // page's (en) test's, and the en email-form sign-up by code is tests/e2e/onboarding.test.ts ›
  // 'email-form → verify-phone → …' and tests/e2e/accounts.test.ts › 'pre-account takeover'.
  it('email-form (fr): messages, then an account from an emailed code', async () => {
    const lng: Lng = 'fr';
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await open(page, `/${lng}/email-form`, text(lng, 'landing', 'emailForm.title'));
    const submit = page.getByRole('button', { name: text(lng, 'landing', 'fields.submitEmail'), exact: true });
    await submit.click();
    await page.getByRole('alert').filter({ hasText: text(lng, 'common', 'validation.required') }).waitFor();
    const field = page.getByLabel(text(lng, 'landing', 'fields.emailOnly'), { exact: true });
    await field.fill('not an email');
    await page.getByText(text(lng, 'common', 'validation.invalidEmail')).waitFor();
    await field.fill('x@mailinator.com');
    await submit.click();
    await page.getByText(text(lng, 'landing', 'errors.disposable')).waitFor();
    const email = workEmail(`trial-${lng}`);
    await field.fill(email);
    await submit.click();
    await enterCode(page, baseURL, lng, email);
    await page.waitForURL(`**/${lng}/onboarding**`);
    expect(new URL(page.url()).searchParams.get('origin')).toBe('email-form');
    const user = await currentUser(baseURL, context);
    expect(user.profile.email).toBe(email);
    expect(user.data).toMatchObject({ landing_page: 'email-form' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prefills from the address, a numeric phone_number included', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    // At 1280 px: with the other 1280 px tests here, the 'no page errors' at that width of the pages
    // the width test below now loads at 375 px only.
    const errors = watchPageErrors(page);
    const params = 'email=jane%40acme.com&first_name=Jane&last_name=Doe&company_name=Acme%20Plumbing';
    for (const [path, phoneParam] of [
      ['/en/form', 'phone_number=33612345678'],
      ['/fr', 'phone_number=+33612345678'],
      ['/en/demo', 'phone_number=12684641234'],
    ] as const) {
      const lng: Lng = path.startsWith('/fr') ? 'fr' : 'en';
      await page.goto(`${path}?${params}&${phoneParam}`);
      // The prerendered start page shows its empty form until the app has drawn the prefilled one.
      await appRendered(page);
      await page.getByLabel(text(lng, 'landing', 'fields.firstName'), { exact: true }).waitFor();
      expect(await page.getByLabel(text(lng, 'landing', 'fields.email'), { exact: true }).inputValue()).toBe('jane@acme.com');
      expect(await page.getByLabel(text(lng, 'landing', 'fields.firstName'), { exact: true }).inputValue()).toBe('Jane');
      expect(await page.getByLabel(text(lng, 'landing', 'fields.lastName'), { exact: true }).inputValue()).toBe('Doe');
      expect(await page.getByLabel(text(lng, 'landing', 'fields.companyName'), { exact: true }).inputValue()).toBe('Acme Plumbing');
      // The number is shown as typed until the lazy formatter (phone-format.lazy.ts) arrives and spells it.
      const phone = () => page.getByLabel(text(lng, 'landing', 'fields.phone'), { exact: true }).inputValue();
      if (path === '/en/demo') {
        await expect.poll(phone).toBe('(268) 464-1234');
        await page.getByRole('button', { name: /Antigua.*\+1-268/ }).waitFor();
      } else {
        await expect.poll(phone).toBe('06 12 34 56 78');
        await page.getByRole('button', { name: /France \+33/ }).waitFor();
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a proven email of another account is said before any code is sent, with the way to sign in', async () => {
    const taken = signups.find((signup) => signup.lng === 'en');
    expect(taken).toBeDefined();
    const email = taken?.email ?? '';
    const lng = 'fr';
    const context = await newContext(browser, baseURL, { locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`/${lng}`);
    await appRendered(page);
    const phone = frenchMobile();
    await fillSignup(page, lng, { email, first: 'Jean', last: 'Martin', company: 'Martin SARL', phone: phone.national });
    await page.getByRole('button', { name: text(lng, 'landing', 'fields.submit') }).click();
    await page.getByText(text(lng, 'auth', 'signup.emailTaken')).waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
      // Once seen in CI (stop 43) and not since: what the page said instead is the clue.
      throw new Error(`no email-taken message; the page says: ${(await page.locator('main').innerText()).slice(0, 600)}`, { cause: error });
    });
    const signIn = page.getByRole('link', { name: text(lng, 'auth', 'signup.signInWithEmail') });
    expect(await signIn.getAttribute('href')).toBe(`/fr/sign-in-otp?email=${encodeURIComponent(email)}`);
    // Told before any code: nothing was sent to the new phone.
    expect(await outbox(baseURL, phone.e164)).toEqual([]);
    await screenshot(page, 'landing-email-exists-fr-desktop');
    expect(await axeViolations(page)).toEqual([]);
    // Editing the address takes the message away; the form stays as typed.
    await page.getByLabel(text(lng, 'landing', 'fields.email'), { exact: true }).fill(workEmail('jean'));
    expect(await page.getByText(text(lng, 'auth', 'signup.emailTaken')).count()).toBe(0);
    await context.close();
  });

  // In fr only (the language whose missing text would fall back unseen): the en demo page books a call
  // in tests/e2e/prerender.test.ts › 'demo (en): hydrates …, books a call', and its en messages
  // (required, invalid phone) are the start page's (en) test's.
  it('demo (fr): books a call with a founder, call-now quick-start, apply quick-start', async () => {
    const lng: Lng = 'fr';
    const context = await newContext(browser, baseURL, { locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await open(page, `/${lng}/demo`, text(lng, 'landing', 'demo.title'));
    // The visitor's zone, said in fr (the en wording: tests/e2e/prerender.test.ts › 'demo (en)').
    await page.getByText(text(lng, 'landing', 'demo.timeZone').replace('{{zone}}', 'Europe/Paris')).waitFor();
    const book = page.getByRole('button', { name: text(lng, 'landing', 'demo.book') });
    await book.click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: text(lng, 'common', 'validation.required') }).count()).toBe(6);
    const email = workEmail(`demo-${lng}`);
    await pickCountry(page, lng, 'France');
    await fillSignup(page, lng, { email, first: 'Jane', last: 'Doe', company: 'Acme Plumbing', phone: '0612' });
    await book.click();
    await page.getByText(text(lng, 'common', 'validation.invalidPhone')).waitFor();
    await page.getByLabel(text(lng, 'landing', 'fields.phone'), { exact: true }).fill('06 12 34 56 78');
    const time = page.getByLabel(text(lng, 'landing', 'demo.time'), { exact: true });
    const slot = await time.locator('option').nth(1).getAttribute('value');
    await time.selectOption(slot ?? '');
    await book.click();
    await page.getByText(beforeValue(text(lng, 'landing', 'demo.booked'))).waitFor();
    const list = (await (await fetch(`${baseURL}/admin/bookings.json`)).json()) as { bookings: Array<{ email: string; slot: string; kind: string; timeZone: string }> };
    expect(list.bookings.filter((b) => b.email === email)).toEqual([expect.objectContaining({ kind: 'scheduled', slot, timeZone: 'Europe/Paris' })]);

    await page.getByRole('button', { name: text(lng, 'landing', 'demo.another') }).click();
    await page.getByRole('button', { name: text(lng, 'landing', 'demo.callNow') }).click();
    await page.getByText(beforeValue(text(lng, 'landing', 'demo.calledSoon'))).waitFor();
    await page.getByRole('button', { name: text(lng, 'landing', 'demo.another') }).click();
    const apply = page.getByRole('link', { name: text(lng, 'landing', 'demo.apply') });
    expect(await apply.getAttribute('href')).toContain(`/${lng}/form?email=${encodeURIComponent(email)}`);
    await apply.click();
    await page.waitForURL(`**/${lng}/form?**`);
    expect(await page.getByLabel(text(lng, 'landing', 'fields.email'), { exact: true }).inputValue()).toBe(email);
    const mine = (await (await fetch(`${baseURL}/admin/bookings.json`)).json()) as { bookings: Array<{ email: string; kind: string }> };
    expect(mine.bookings.filter((b) => b.email === email).map((b) => b.kind).sort()).toEqual(['call-now', 'scheduled']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('failure, success and macOS download pages say what they should', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    for (const lng of ['en', 'fr'] as const) {
      await page.goto(`/${lng}/failure`);
      await page.getByText(text(lng, 'landing', 'failure.text'), { exact: true }).waitFor();
      await page.getByRole('link', { name: text(lng, 'landing', 'failure.back') }).click();
      await page.waitForURL(new RegExp(`/${lng}$`));
    }
    expect(text('en', 'landing', 'failure.text')).toBe('Your business is in the right hands. An advisor of the provider will be in touch shortly...');
    // /success and /app-download/macos carry no language: they speak the stored one (fr, chosen last).
    // A visitor is told nothing about a trial; no WEB_APP_URL in this server: no "web app" link (#26.3).
    await page.goto('/success');
    await page.getByRole('heading', { level: 1, name: text('fr', 'account', 'welcome.visitorTitle') }).waitFor();
    expect(await page.getByText(text('fr', 'common', 'getStarted.subtitle')).count()).toBe(0);
    expect(await page.getByRole('link', { name: text('fr', 'common', 'getStarted.openWeb') }).count()).toBe(0);
    await page.goto('/app-download/macos');
    await page.getByRole('heading', { level: 1, name: text('fr', 'landing', 'appDownload.title') }).waitFor();
    // No download URL configured in this server: the page says so, and lists no install steps.
    await page.getByText(text('fr', 'landing', 'appDownload.notPublished')).waitFor();
    expect(await page.getByText(text('fr', 'landing', 'appDownload.step3')).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  // At 375 px, en and fr: the width is the behaviour there (a phone's screen). No axe and no
  // screenshots here: `npm run visual` (CI) runs axe on every one of these pages in en and fr at both
  // widths and compares each with its reference, and fails on a violation. What it does not fail on
  // is a page error (it only lists them), and its width check is only a reference's size: those two
  // are this test's. The same pages at 1280 px with no page errors: the other tests of this file
  // (each at 1280 px, watching page errors: the start page en and fr, email-form fr, prefill's
  // /en/form, /fr and /en/demo, demo fr and its /fr/form, failure/success/macOS download).
  it('every landing page at 375 px, en and fr: nothing wider than the screen, no page errors', async () => {
    const viewport = viewports.phone;
    const context = await newContext(browser, baseURL, { viewport });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const inFlight = requestsInFlight(page);
    const paths = [...(['en', 'fr'] as const).flatMap((lng) => [`/${lng}`, `/${lng}/form`, `/${lng}/demo`, `/${lng}/email-form`, `/${lng}/failure`]), '/success', '/app-download/macos'];
    for (const path of paths) {
      const where = `${path} at ${viewport.width} px`;
      await open(page, path);
      // What the page asked for as it started has answered (a failed one is a console error).
      await expect.poll(() => inFlight.size, { message: `${where}: requests still open`, timeout: 20_000 }).toBe(0);
      // Nothing wider than the screen (no sideways scrolling on a phone).
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), where).toBe(true);
    }
    expect(errors, `${viewport.width} px`).toEqual([]);
    await context.close();
  });

  it('signing up again with the same phone (another name, email and company, a new browser) reaches the same account, unchanged, and says so', async () => {
    expect(signups.length).toBe(2);
    // Once, with the fr sign-up: the en wording of 'this number already has an account' and the header
    // that says signed in after it are tests/e2e/second-step-header.test.ts › 'en 1280 px: …' (and fr).
    for (const signup of signups.filter((made) => made.lng === 'fr')) {
      // No wait: the sign-up's code was used, so the next one leaves at once (server/auth/otp-codes.ts).
      const { lng } = signup;
      const context = await newContext(browser, baseURL, { locale: lng === 'fr' ? 'fr-FR' : 'en-US' });
      const page = await context.newPage();
      await page.goto(`/${lng}/form`);
      await pickCountry(page, lng, 'France');
      await fillSignup(page, lng, { email: workEmail('intruder'), first: 'Someone', last: 'Else', company: 'Other Company', phone: signup.phone.national });
      await page.getByRole('button', { name: text(lng, 'landing', 'fields.submit') }).click();
      await enterCode(page, baseURL, lng, signup.phone.e164);
      await page.getByText(text(lng, 'auth', 'signup.returningPhone')).waitFor();
      // Signed in to it: the header and the page say so too (#26.4), without a navigation.
      await page.getByRole('banner').getByRole('button', { name: text(lng, 'common', 'shell.account'), exact: true }).waitFor();
      expect(await page.getByRole('link', { name: text(lng, 'landing', 'start.haveAccount') }).count()).toBe(0);
      await screenshot(page, `landing-returning-phone-${lng}-desktop`);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: text(lng, 'auth', 'signup.continue') }).click();
      await page.waitForURL(`**/${lng}/onboarding**`);
      const user = await currentUser(baseURL, context);
      expect(user.id).toBe(signup.userId);
      // Nothing of the account was overwritten by what was typed into the form.
      expect(user.profile).toMatchObject({ first_name: 'Jane', last_name: 'Doe', email: signup.email.toLowerCase() });
      expect(user.data).toMatchObject({ company_name: 'Acme Plumbing', landing_page: 'start' });
      // Back from onboarding does not return to a code screen.
      await page.goBack();
      await page.waitForLoadState('domcontentloaded');
      expect(await page.getByLabel(text(lng, 'auth', 'code.label')).count()).toBe(0);
      await context.close();
    }
  });
});
