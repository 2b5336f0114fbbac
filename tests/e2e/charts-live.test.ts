import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chartChannelName } from '../../src/platform/live-state/chart-message';
import { codeFor, frenchMobile, workEmail } from '../helpers/accounts';
import { newContext, screenshot, viewports, watchPageErrors } from '../helpers/browser';
import { browserPerFile } from '../helpers/file-browser';
import { beforeValue, localeText, type Lng } from '../helpers/locale-text';
import { movePastAuthWindows } from '../helpers/sign-in';

/**
 * The chart page's live line and highlight follow the other tab's chart at every step (#37.5): the
 * start page and the code step (the sign-up chart, drawn before the funnel), then each funnel step,
 * whose address is the one the tab shows at that step, never the step before. Chromium against the
 * real server: the viewer and the visitor are two tabs of one browser (the charts' channel is the
 * browser's own). The whole way once, in French at 375 px (its live line says "sur /fr : …"); then the
 * visitor switches to English and the line follows to the /en address (#40.3: it ran whole in en at
 * 1280 px and in fr at 375 px).
 */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the chart page follows the live tab', () => {
  const baseURL = inject('baseURL');
  const browser = browserPerFile();
  movePastAuthWindows(baseURL);

  /** The viewer's live line naming `path` (its language aside: "…at /en: states" or "…sur /fr : states"). */
  const liveLine = (viewer: Page, path: string) => viewer.getByRole('status').filter({ hasText: new RegExp(`${escape(path)} ?:`) });

  /** Waits until the viewer shows the visitor's address now, and the card of `state` as live. */
  async function followsTo(viewer: Page, visitor: Page, state: string) {
    const path = new URL(visitor.url()).pathname;
    await liveLine(viewer, path)
      .waitFor({ timeout: 20_000 })
      .catch(async (error: unknown) => {
        const lines = await viewer.getByRole('status').allInnerTexts();
        throw new Error(`${String(error)}: the visitor is at ${path}, the viewer says ${JSON.stringify(lines)}`);
      });
    await viewer.locator(`[data-state="${state}"][data-active]`).first().waitFor({ timeout: 20_000 });
    // One step at a time: only the step the visitor is on is live among the funnel's cards.
    expect(await viewer.locator('li > div[data-state][data-active]').count()).toBe(1);
  }

  it('start page, code step, then each step at its own address (fr), and the English one after a switch', async () => {
    const lng: Lng = 'fr';
    const context = await newContext(browser(), baseURL, { viewport: viewports.phone, locale: 'fr-FR' });
    const viewer = await context.newPage();
    const errors = watchPageErrors(viewer);
    await viewer.goto('/inspect/charts');
    await viewer.locator('[data-state="onboarding.size"]').first().waitFor({ timeout: 30_000 });

    // Every funnel state the visitor's tab publishes, heard by a third tab as the viewer hears them.
    const recorder = await context.newPage();
    await recorder.goto('/healthz');
    await recorder.evaluate((channelName) => {
      const heard: { ids: string[]; path: string }[] = [];
      (window as unknown as { heard: typeof heard }).heard = heard;
      new BroadcastChannel(channelName).addEventListener('message', (event: MessageEvent<{ kind: string; chart?: string; stateIds?: string[]; path?: string }>) => {
        if (event.data.kind === 'state' && event.data.chart === 'onboarding') heard.push({ ids: event.data.stateIds ?? [], path: event.data.path ?? '' });
      });
    }, chartChannelName);

    const visitor = await context.newPage();
    await visitor.goto(`/${lng}`);
    await followsTo(viewer, visitor, 'signup.editing');

    // The code step: the page keeps its address; the code's card is live.
    await visitor.getByRole('contentinfo').waitFor();
    await visitor.getByRole('button', { name: new RegExp(`^${beforeValue(localeText(lng, 'common', 'phoneInput.countryButton'))}`) }).click();
    const search = visitor.getByRole('combobox', { name: localeText(lng, 'common', 'phoneInput.search') });
    await search.fill('France');
    await search.press('Enter');
    const phone = frenchMobile();
    const field = (key: string) => visitor.getByLabel(localeText(lng, 'landing', `fields.${key}`), { exact: true });
    await field('email').fill(workEmail(`chart-live-${lng}`));
    await field('firstName').fill('Ada');
    await field('lastName').fill('Lovelace');
    await field('companyName').fill('Analytical Engines');
    await field('phone').fill(phone.national);
    await visitor.getByRole('button', { name: localeText(lng, 'landing', 'fields.submit') }).click();
    const code = visitor.getByLabel(localeText(lng, 'auth', 'code.label'));
    await code.waitFor();
    await followsTo(viewer, visitor, 'signup.savingAccount');

    // The code proves the phone: the funnel skips verify-phone and shows the size step.
    await code.fill(await codeFor(baseURL, phone.e164));
    await visitor.waitForURL(`**/${lng}/onboarding/steps/size`, { timeout: 30_000 });
    await followsTo(viewer, visitor, 'onboarding.size');

    await visitor.getByRole('radio', { name: localeText(lng, 'onboarding', 'size.options.2-10') }).check();
    await visitor.getByRole('button', { name: localeText(lng, 'onboarding', 'actions.continue') }).click();
    await visitor.waitForURL(`**/${lng}/onboarding/steps/details*`);
    await followsTo(viewer, visitor, 'onboarding.details');

    // Back to size: the line follows history too.
    await visitor.goBack();
    await visitor.waitForURL(`**/${lng}/onboarding/steps/size`);
    await followsTo(viewer, visitor, 'onboarding.size');
    await screenshot(viewer, `charts-live-${lng}`);
    // Each step's state was published with that step's address, never the one before it (which the
    // browser still showed when the funnel published: the app chart writes the address after).
    const heard = await recorder.evaluate(() => (window as unknown as { heard: { ids: string[]; path: string }[] }).heard);
    const steps = { 'onboarding.size': `/${lng}/onboarding/steps/size`, 'onboarding.details': `/${lng}/onboarding/steps/details` };
    for (const [state, path] of Object.entries(steps)) {
      const published = heard.filter((message) => message.ids.includes(state));
      expect(published.length, state).toBeGreaterThan(0);
      expect([...new Set(published.map((message) => message.path))], state).toEqual([path]);
    }

    // The visitor's header switches the funnel to English in place: the line follows to the /en address.
    await visitor.getByRole('banner').getByRole('link', { name: localeText('fr', 'common', 'languageSwitch') }).click();
    await visitor.waitForURL('**/en/onboarding/steps/size');
    await followsTo(viewer, visitor, 'onboarding.size');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
