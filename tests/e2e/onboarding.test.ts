import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { projectRoot } from '../../server/config/project-root';
import { onboardingMachine } from '../../machines/onboarding.machine';
import { chartChannelName } from '../../src/platform/live-state/live-state';
import { axeViolations } from '../helpers/axe';
import { newContext, screenshot, viewports, watchPageErrors } from '../helpers/browser';
import { sharedBrowser } from '../helpers/file-browser';
import { beforeValue, localeText } from '../helpers/locale-text';

/**
 * The funnel in headless Chromium against the real server: start page → code → onboarding steps →
 * identity check → checkout-form → payment → next-steps → success with a VALIDATED user; an
 * email-form user whose check ends PENDING_REVIEW on the failure page, let through by the admin
 * tool; and each SPEC §4 loader rule from a typed address.
 */

const baseURL = inject('baseURL');
const root = projectRoot();
const text = (ns: string, key: string) => localeText('en', ns, key);

let counter = 0;
function frenchMobile(): string {
  counter += 1;
  // Different leading digits per number keep the per-block velocity rule quiet; 06 7x is allocated
  // throughout (a time-derived 06 9x once landed on the unallocated 06 97 and the form refused it).
  return `+3367${String((Date.now() * 7 + counter * 1_000_003) % 10_000_000).padStart(7, '0')}`;
}

async function latestCode(recipient: string, after = 0): Promise<string> {
  for (let attempt = 0; attempt < 80; attempt += 1) {
    const response = await fetch(`${baseURL}/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
    const { messages } = (await response.json()) as { messages: { code: string | null; createdAt?: string; created_at?: string }[] };
    if (messages.length > after && messages[0]?.code) return messages[0].code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${recipient}`);
}

async function enterCode(page: Page, recipient: string) {
  const input = page.getByLabel(text('auth', 'code.label'));
  await input.waitFor();
  await input.fill(await latestCode(recipient));
}

const run = promisify(execFile);
async function kycAdmin(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(root, 'server', 'cli', 'kyc-admin.ts'), ...args, '--url', baseURL], { cwd: root });
  return stdout;
}

async function waitForPath(page: Page, pattern: RegExp, timeout = 20_000) {
  await page.waitForURL((url) => pattern.test(url.pathname + url.search), { timeout });
}

/**
 * `axe`: whether to run axe on the crm step's no-result state (the first journey, 1280 px; the second
 * goes through the same state at 375 px without it). The size, details and crm pages themselves are
 * `npm run visual`'s (CI): it runs axe on each in en and fr at 375 and 1280 px and fails on a violation.
 */
async function answerQuestionnaire(page: Page, answers: { crm: 'hubspot' | 'other'; website: string; company?: string; axe: boolean }) {
  await waitForPath(page, /\/en\/onboarding\/steps\/size$/).catch(async (error: unknown) => {
    await screenshot(page, 'onboarding-debug');
    throw error;
  });
  await page.getByRole('heading', { name: text('onboarding', 'size.title') }).waitFor();
  await page.getByRole('radio', { name: text('onboarding', 'size.options.2-10') }).check();
  await page.getByRole('button', { name: text('onboarding', 'actions.continue') }).click();

  await waitForPath(page, /\/en\/onboarding\/steps\/details$/);
  const company = page.getByLabel(text('onboarding', 'details.companyName'));
  await company.waitFor();
  // Focus arrives on the step's heading, not <body>.
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  if (answers.company) await company.fill(answers.company);
  // Back and forth keeps the answers (the size choice is still checked). The in-page Back is the
  // browser's Back (no new history entry), so Forward returns to details.
  const entries = await page.evaluate(() => history.length);
  await page.getByRole('button', { name: text('onboarding', 'actions.back') }).click();
  await waitForPath(page, /\/steps\/size$/);
  expect(await page.getByRole('radio', { name: text('onboarding', 'size.options.2-10') }).isChecked()).toBe(true);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await page.goForward();
  await waitForPath(page, /\/steps\/details$/);
  await page.getByRole('button', { name: text('onboarding', 'actions.continue') }).click();
  await page.getByText(text('onboarding', 'errors.required')).first().waitFor();
  // The refused submit puts focus on the first field to fix.
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
  await page.getByLabel(text('onboarding', 'details.website')).fill(answers.website);
  await page.getByLabel(text('onboarding', 'details.industry')).selectOption('construction');
  await page.getByLabel(text('onboarding', 'details.jobRole')).selectOption('founder');
  await page.getByLabel(text('onboarding', 'details.country')).selectOption('FR');
  if (!answers.company) expect(await company.inputValue()).not.toBe('');
  await page.getByRole('button', { name: text('onboarding', 'actions.continue') }).click();

  await waitForPath(page, /\/en\/onboarding\/steps\/crm$/);
  const search = page.getByLabel(text('onboarding', 'crm.search'));
  await search.fill('zzzz');
  await page.getByRole('status').filter({ hasText: beforeValue(text('onboarding', 'crm.noResult')) }).waitFor();
  if (answers.axe) expect(await axeViolations(page)).toEqual([]);
  if (answers.crm === 'hubspot') {
    await search.fill('hub');
    await page.getByRole('radio', { name: /HubSpot/ }).check();
  } else {
    // 'Other' starts from the name searched for.
    await search.fill('Homegrown CRM');
    await page.getByRole('radio', { name: text('onboarding', 'crm.other') }).check();
    expect(await page.getByLabel(text('onboarding', 'crm.otherName')).inputValue()).toBe('Homegrown CRM');
  }
  await page.getByRole('button', { name: text('onboarding', 'actions.continue') }).click();
}

/** Every state node id the funnel pages published (see src/platform/live-state/live-state.ts). */
const visitedStates = new Set<string>();

/**
 * Listens, from a second tab of the same browser context, to the live chart states the funnel tab
 * broadcasts; the returned function adds what was heard to `visitedStates`.
 */
async function recordChartStates(context: BrowserContext): Promise<() => Promise<void>> {
  const recorder = await context.newPage();
  await recorder.goto('/healthz');
  await recorder.evaluate((channelName) => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    new BroadcastChannel(channelName).addEventListener('message', (event: MessageEvent<{ kind: string; chart?: string; stateIds?: string[] }>) => {
      if (event.data.kind === 'state' && event.data.chart === 'onboarding') heard.push(...(event.data.stateIds ?? []));
    });
  }, chartChannelName);
  return async () => {
    for (const id of await recorder.evaluate(() => (window as unknown as { heard: string[] }).heard)) visitedStates.add(id);
  };
}

function allStateIds(node: { id: string; states: Record<string, unknown> }): string[] {
  return [node.id, ...Object.values(node.states).flatMap((child) => allStateIds(child as typeof node))];
}

/** Answers one call with the API's server-error shape, as a failing backend would. */
const FAIL_ONCE = (route: Route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'INTERNAL_ERROR', message: 'Something went wrong' }) });

describe('onboarding funnel (browser)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  let validated: { context: BrowserContext; page: Page; email: string; recordStates: () => Promise<void> } | undefined;

  it('start page → code → size → details → crm → identity check → checkout-form → payment → next-steps → success (VALIDATED)', async () => {
    const context = await newContext(browser, baseURL, { viewport: viewports.desktop });
    const recordStates = await recordChartStates(context);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const stamp = `${Date.now()}`;
    const email = `ada.${stamp}@acme-roofing-${stamp}.com`;
    const phone = frenchMobile();
    await page.goto('/en');
    await page.getByLabel(text('landing', 'fields.email'), { exact: true }).fill(email, { timeout: 45_000 }).catch(async (error: unknown) => {
      await screenshot(page, 'onboarding-debug-start');
      throw new Error(`${String(error)} ${errors.join(' | ')}`);
    });
    await page.getByLabel(text('landing', 'fields.firstName'), { exact: true }).fill('Ada');
    await page.getByLabel(text('landing', 'fields.lastName'), { exact: true }).fill('Lovelace');
    await page.getByLabel(text('landing', 'fields.companyName'), { exact: true }).fill('Acme Roofing');
    await page.getByLabel(text('landing', 'fields.phone'), { exact: true }).fill(phone);
    await page.getByRole('button', { name: text('landing', 'fields.submit') }).click();
    await enterCode(page, phone);

    // Signed up by SMS code: the number is already verified, so the funnel starts at size.
    // The identity check's first call fails once: its retry view shows, and retrying goes on.
    await page.route('**/functions/v1/resolve-user', FAIL_ONCE, { times: 1 });
    await answerQuestionnaire(page, { crm: 'hubspot', website: `acme-roofing-${stamp}.com`, axe: true });
    await page.getByText(text('onboarding', 'identityCheck.failed')).waitFor();
    await page.getByRole('button', { name: text('onboarding', 'actions.retry') }).click();
    await waitForPath(page, /\/en\/onboarding\/checkout-form\?interval=monthly&plan=business$/);
    await page.getByRole('button', { name: 'Start my free trial' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'onboarding-checkout-desktop');

    // SPEC §4 rule 5 by a typed address: answers complete, no role → next-steps → (no subscription) → identity check → checkout.
    await page.goto('/en/onboarding/steps/size');
    await waitForPath(page, /\/en\/onboarding\/checkout-form\?interval=monthly&plan=business$/);
    // Invalid search params are corrected, not crashed on.
    await page.goto('/en/onboarding/checkout-form?interval=weekly&plan=gold');
    await waitForPath(page, /\/en\/onboarding\/checkout-form\?interval=yearly&plan=business$/);

    // Pay on the local provider's hosted page; it returns to next-steps, which grants the role.
    await page.getByRole('button', { name: 'Start my free trial' }).click();
    await page.getByLabel(/Card number/i).waitFor({ timeout: 20_000 });
    await page.getByLabel(/Card number/i).fill('4242 4242 4242 4242');
    await page.getByLabel(/Expiry|Expiration/i).fill('12/34');
    await page.getByLabel(/CVC/i).fill('123');
    // Finishing fails once after payment: next-steps shows its retry view, and retrying finishes.
    await page.route('**/v1/onboarding/finish', FAIL_ONCE, { times: 1 });
    await page.getByLabel(/CVC/i).press('Enter');
    await page.getByText(text('onboarding', 'nextSteps.failed')).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: text('onboarding', 'actions.retry') }).click();
    await waitForPath(page, /\/en\/onboarding\/success$/, 30_000);
    await page.getByRole('heading', { name: text('common', 'getStarted.title') }).waitFor();
    // The trial's true end date, and sign-in words naming only proven identifiers (#26.3).
    await page.getByText(/Your free trial runs until /).waitFor();
    expect(await page.getByText(text('common', 'getStarted.subtitle')).count()).toBe(0);
    // axe on this page: `npm run visual`'s onboarding-success (en, fr, 375 and 1280 px; CI fails on a violation).
    // No APP_DOWNLOAD_MACOS_URL in this server: no download link to a page that has none.
    expect(await page.getByRole('link', { name: text('common', 'getStarted.macos') }).count()).toBe(0);
    await screenshot(page, 'onboarding-success-desktop');

    // SPEC §4 rule 4: with a role, any other onboarding address leaves for the web app.
    await page.goto('/en/onboarding/steps/crm');
    await waitForPath(page, /^\/account$/);
    expect(errors.filter((error) => !/favicon|Failed to load resource/.test(error))).toEqual([]);
    await recordStates();
    validated = { context, page, email, recordStates };
  }, 180_000);

  it('email-form → verify-phone → … → identity check PENDING_REVIEW → failure; the admin tool lets the user through to checkout', async () => {
    const context = await newContext(browser, baseURL, { viewport: viewports.phone });
    const recordStates = await recordChartStates(context);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const email = `bob.${Date.now()}@gmail.com`;
    const phone = frenchMobile();
    await page.goto('/en/email-form');
    await page.getByLabel(text('landing', 'fields.emailOnly'), { exact: true }).fill(email);
    await page.getByRole('button', { name: text('landing', 'fields.submitEmail'), exact: true }).click();
    await page.getByRole('button', { name: text('landing', 'personalEmail.continue') }).click();
    await enterCode(page, email);

    await waitForPath(page, /\/en\/onboarding\/steps\/verify-phone/);
    await page.getByRole('heading', { name: text('onboarding', 'verifyPhone.title') }).waitFor();
    // axe on this page: `npm run visual`'s onboarding-verify-phone (en, fr, 375 and 1280 px).
    await screenshot(page, 'onboarding-verify-phone-phone');
    await page.getByRole('button', { name: text('onboarding', 'verifyPhone.send') }).click();
    await page.getByText(text('onboarding', 'errors.required')).waitFor();
    await page.getByLabel(text('onboarding', 'verifyPhone.phoneLabel'), { exact: true }).fill(phone);
    await page.getByRole('button', { name: text('onboarding', 'verifyPhone.send') }).click();
    await enterCode(page, phone);

    await answerQuestionnaire(page, { crm: 'other', website: 'bob-builds.fr', company: 'Bob Builds', axe: false });
    await screenshot(page, 'onboarding-after-crm-phone');
    await waitForPath(page, /^\/en\/failure$/, 30_000);

    // SPEC §4 rule 3: kyc_status present and not VALIDATED → failure, from any typed onboarding address.
    await page.goto('/en/onboarding/checkout-form?interval=monthly&plan=business');
    await waitForPath(page, /^\/en\/failure$/);

    const pending = await kycAdmin('list');
    expect(pending).toContain(email);
    expect(pending).toMatch(/review: email_kind/);
    expect(await kycAdmin('validate', email, '--note', 'called the customer')).toMatch(/is now VALIDATED/);

    await page.goto('/en/onboarding');
    await waitForPath(page, /\/en\/onboarding\/checkout-form\?interval=monthly&plan=business$/, 30_000);
    await page.getByRole('button', { name: 'Start my free trial' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'onboarding-checkout-phone');
    expect(errors.filter((error) => !/favicon|Failed to load resource/.test(error))).toEqual([]);
    await recordStates();
    await context.close();
  }, 180_000);

  it('SPEC §4 rule 2: a failed profile fetch continues with no user (the first step shows)', async () => {
    if (!validated) throw new Error('needs the first journey');
    const page = await validated.context.newPage();
    await page.route('**/v1/user', (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 500, body: '{}' }) : route.fallback()));
    await page.goto('/fr/onboarding/steps/details');
    await waitForPath(page, /^\/fr\/onboarding\/steps\/verify-phone$/);
    await page.getByRole('heading', { name: 'Vérifiez votre numéro de téléphone' }).waitFor();
    await validated.recordStates();
    await validated.context.close();
  });

  // SPEC §4 rule 1 is the funnel tab's visit here (no session → the language home, replacing history).
  it('chart viewer: draws the funnel and the generator offline and highlights the live state of another tab; that tab, holding no session, is sent to the language home (SPEC §4 rule 1)', async () => {
    const context = await newContext(browser, baseURL);
    const viewer = await context.newPage();
    const errors = watchPageErrors(viewer);
    await viewer.goto('/inspect/charts');
    await viewer.locator('[data-state="onboarding.routing"]').waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      await screenshot(viewer, 'charts-debug');
      throw new Error(`${String(error)} ${errors.join(' | ')}`);
    });
    expect(await viewer.locator('[data-state]').count()).toBeGreaterThan(25);
    // Another tab runs the funnel: signed out, the chart ends in `home`, which sends the tab to the
    // start page: the viewer follows it there, to the sign-up chart's start-page card (#37.5).
    const funnel = await context.newPage();
    await funnel.goto('/en/onboarding/steps/size');
    await waitForPath(funnel, /^\/en$/);
    // about:blank and /en: the onboarding address was replaced, not kept behind it.
    expect(await funnel.evaluate(() => history.length)).toBe(2);
    await viewer.locator('[data-state="signup.editing"][data-active]').waitFor({ timeout: 20_000 });
    await screenshot(viewer, 'charts-onboarding-desktop');
    await viewer.getByRole('button', { name: 'Whole chart' }).click();
    await viewer.getByRole('button', { name: 'Greeting generator' }).click();
    await viewer.locator('[data-state^="generator"]').first().waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the journeys above visit every state of the funnel chart', () => {
    // Two states are decisions the browser passes without resting: `routing` is eventless, and
    // `waitingForSession` only rests while the session cookie is still being read, which this local
    // server answers before the chart starts. The pure-chart path set (npm run test:paths) covers both.
    // `savingProviderSignup` is the provider path's (#35): tests/e2e/social-signin.test.ts drives it.
    // `home` (no session): a visitor with no session cookie is now known signed out at once (#40: no
    // supabase-js for them), so the app chart's own `signedOut` sends the tab home before the funnel
    // hears of it; the chart viewer's test above proves the address (SPEC §4 rule 1), the pure-chart paths the state.
    const passedThrough = new Set(['onboarding.routing', 'onboarding.waitingForSession', 'onboarding.savingProviderSignup', 'onboarding.home']);
    const expected = allStateIds(onboardingMachine.root).filter((id) => !passedThrough.has(id));
    expect(expected.length).toBeGreaterThan(25);
    expect(expected.filter((id) => !visitedStates.has(id))).toEqual([]);
  });
});
