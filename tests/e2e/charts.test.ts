import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { journey } from '../server/analytics/journey';
import { newContext, screenshot, viewports, watchPageErrors } from '../helpers/browser';
import { sharedBrowser } from '../helpers/file-browser';

const baseURL = inject('baseURL');
// A utm source of its own, so the other browser tests' visitors are filtered out.
const source = `e2e-charts-${Date.now().toString(36)}`;

/** Visitors who went `depths[i]` steps into the funnel today, posted through the ingest. */
async function postVisitors(depths: number[]): Promise<void> {
  const config = (await (await fetch(new URL('/config.json', baseURL))).json()) as { analytics: { apiKey: string } };
  const now = Date.now() - 3_600_000;
  const events = depths.flatMap((depth, person) =>
    journey.slice(0, depth).map(([eventType, step], index) => ({
      event_type: eventType,
      device_id: `${source}-${person}`,
      time: now + index * 1000,
      insert_id: `${source}-${person}-${index}`,
      event_properties: { lng: 'fr', landing: 'demo', utm_source: source, ...(step ? { step } : {}) },
    })),
  );
  const response = await fetch(new URL('/analytics/2/httpapi', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_key: config.analytics.apiKey, events }),
  });
  expect(response.status).toBe(200);
}

describe('the funnel view with its numbers (/inspect/charts)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
    // 5 visitors: 2 stop at the page, 1 after the code, 1 on the size step, 1 finishes.
    await postVisitors([1, 1, 2, 4, 9]);
  });
  afterAll(() => browser.close());

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows who reached each step, went on and left, for the utm source chosen (${viewport})`, async () => {
      const context = await newContext(browser, baseURL, { viewport: viewports[viewport] });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto('/inspect/charts');
      await page.getByLabel('utm source').selectOption(source, { timeout: 30_000 });
      await page.getByRole('button', { name: 'Show numbers' }).click();
      const reached = (step: string) => page.locator(`[data-step="${step}"]`).first();
      await reached('step_size').and(page.locator('[data-reached="2"]')).waitFor({ timeout: 30_000 });
      expect(await reached('visitors').getAttribute('data-reached')).toBe('5');
      expect(await reached('code_verified').getAttribute('data-reached')).toBe('3');
      expect(await reached('finished').getAttribute('data-reached')).toBe('1');
      // Counts are on the chart's own states: the size step's card, with its code name.
      const size = page.locator('[data-state="onboarding.size"]').first();
      await expect(size.innerText()).resolves.toMatch(/Company size[\s\S]*size[\s\S]*2[\s\S]*1 left here/);
      await page.getByText('3 went on (60%)').waitFor();
      await page.getByRole('status').filter({ hasText: '5 visitors, 1 finished onboarding (20%)' }).waitFor();
      await screenshot(page, `funnel-view-e2e-${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);
  }

  it('finds a state by its plain name and opens its folds', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await page.goto('/inspect/charts');
    await page.getByLabel('Search states and events').fill('typing the code');
    await page.getByRole('status').filter({ hasText: '1 match' }).waitFor();
    await page.locator('[data-state="onboarding.verifyPhone.enteringCode"]').waitFor();
    expect(await page.locator('[data-state="onboarding.size"]').count()).toBe(0);
    await context.close();
  });
});
