import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { projectRoot } from '../server/config/project-root';

/** Chromium as the tests start it (tests/helpers/browser.ts), with sound allowed only after a click. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function clientIsBuilt(): boolean {
  return existsSync(join(projectRoot(), 'dist', 'client', 'index.html'));
}

/**
 * Click-to-first-sound on the real page: a visitor fills the details, types a new script (so
 * nothing comes from a cache), clicks 'Create your greeting' and waits for the greeting to play
 * by itself. Measured in the page, from the click event to the player's `playing` event.
 */
export async function clickToFirstSound(base: string, scripts: readonly string[]): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ baseURL: base, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    await page.goto('/voice-generator');
    const label = (name: string) => page.getByLabel(name, { exact: true });
    await label('Company name').fill('Summit Builders');
    await label('Your name').fill('Alex');
    await label('Emergency number').fill('555-123-4567');
    await label('Season').fill('spring');
    await page.evaluate(() => {
      const marks = window as unknown as { clickedAt?: number; playingAt?: number };
      // Capture listeners: they see the click before React does, and every player's `playing`.
      document.addEventListener('click', (event) => {
        if ((event.target as Element | null)?.closest('button[type=submit]')) marks.clickedAt = performance.now();
      }, true);
      document.addEventListener('playing', () => {
        marks.playingAt ??= performance.now();
      }, true);
    });
    const timings: number[] = [];
    for (const script of scripts) {
      await page.getByLabel('Your greeting script').fill(script);
      await page.evaluate(() => {
        const marks = window as unknown as { clickedAt?: number; playingAt?: number };
        delete marks.clickedAt;
        delete marks.playingAt;
      });
      await page.getByRole('button', { name: 'Create your greeting' }).click();
      await page.waitForFunction(() => (window as unknown as { playingAt?: number }).playingAt !== undefined, undefined, { timeout: 30_000 });
      timings.push(await page.evaluate(() => {
        const marks = window as unknown as { clickedAt: number; playingAt: number };
        return marks.playingAt - marks.clickedAt;
      }));
    }
    return timings;
  } finally {
    await browser.close();
  }
}
