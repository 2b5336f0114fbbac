import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { FunnelReport } from '../../core/contracts/analytics';
import { newContext, watchPageErrors } from '../helpers/browser';
import { browserPerFile } from '../helpers/file-browser';
import type { Lng } from '../helpers/locale-text';

interface StoredEvent {
  event_type: string;
  device_id: string | null;
  event_properties: Record<string, unknown>;
}

/**
 * A look at the chart page is no visit to the product (#37.5): between two pages of the site, a
 * visit to /inspect/charts logs no page view, and the funnel report counts the visitor once, from
 * the page they landed on. Chromium against the real server, from /en and from /fr.
 */
describe('the chart page and the funnel’s visitors', () => {
  const baseURL = inject('baseURL');
  const browser = browserPerFile();

  const storedViews = async (source: string): Promise<StoredEvent[]> => {
    const response = await fetch(`${baseURL}/admin/analytics/events.json?utm_source=${source}&event_type=${encodeURIComponent('[Amplitude] Page Viewed')}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { events: StoredEvent[] }).events;
  };

  /** Waits until the SDK has queued this page's view (its unsent queue is in localStorage). */
  const queued = (page: Page, pathname: string) =>
    page.waitForFunction(
      (expected) => Object.keys(localStorage).some((key) => key.startsWith('AMP_unsent') && (localStorage.getItem(key) ?? '').includes(`"page_path":"${expected}"`)),
      pathname,
      { timeout: 15_000 },
    );

  it.each(['en', 'fr'] as const)('logs no page view for the chart page (%s)', async (lng: Lng) => {
    const source = `e2e-chart-view-${lng}-${randomBytes(4).toString('hex')}`;
    const context = await newContext(browser(), baseURL, { locale: lng === 'fr' ? 'fr-FR' : 'en-US' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`/${lng}?utm_source=${source}`);
    await queued(page, `/${lng}`);
    await page.goto('/inspect/charts');
    await page.locator('[data-state="onboarding.size"]').first().waitFor({ timeout: 30_000 });
    // The next page of the site: had the chart page's view been logged (sent or held), it would be
    // queued or sent before this one.
    await page.goto(`/${lng}/demo`);
    await queued(page, `/${lng}/demo`);
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => (localStorage.getItem(key) ?? '').includes('"page_path":"/inspect/charts"')))).toBe(false);
    // Leaving sends the queue (a beacon on page hide).
    await page.goto('about:blank');
    let views: StoredEvent[] = [];
    await expect.poll(async () => (views = await storedViews(source)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(views.map((event) => event.event_properties.page_path).sort()).toEqual([`/${lng}`, `/${lng}/demo`]);

    // The report counts this visitor once, landed on the start page.
    const today = new Date().toISOString().slice(0, 10);
    const report = (await (await fetch(`${baseURL}/admin/funnel.json?from=${today}&to=${today}&split=utm_source`)).json()) as FunnelReport;
    const segment = report.segments.find((entry) => entry.value === source);
    expect(segment?.steps[0]?.count).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
