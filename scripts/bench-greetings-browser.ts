import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { voiceDisplayList } from '../core/contracts/greetings';
import { projectRoot } from '../server/config/project-root';
import { launchBrowser } from '../tests/helpers/browser';

export function clientIsBuilt(): boolean {
  return existsSync(join(projectRoot(), 'dist', 'client', 'index.html'));
}

/**
 * The first voice sample a visitor hears: on the real page, from the click on "Try Aria's Example"
 * to the player's `playing` event. Measured first on a fresh server (nothing made or cached yet),
 * as the first visitor after a deployment meets it (#40.4), then for `more` other voices.
 */
export async function sampleToSound(base: string, more: number): Promise<number[]> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ baseURL: base, viewport: { width: 375, height: 800 }, locale: 'en-US' });
    // A shared machine under load may take long to paint; the timings are taken in the page.
    page.setDefaultTimeout(120_000);
    await page.goto('/voice-generator');
    await markPlaying(page, 'button[aria-pressed]');
    const timings: number[] = [];
    // Under 768 px the voice menu is a native select.
    const select = page.locator('select').first();
    for (const voice of voiceDisplayList.slice(0, more + 1)) {
      await select.selectOption({ label: voice });
      await resetMarks(page);
      await page.getByRole('button', { name: new RegExp(`^Try ${voice}`) }).click();
      timings.push(await waitForSound(page));
      await page.getByRole('button', { name: new RegExp(`^Pause ${voice}`) }).click();
    }
    return timings;
  } finally {
    await browser.close();
  }
}

/**
 * Capture listeners: they see the click before React does, and every player's `playing`. A sample
 * plays from an Audio() that is not in the document, whose events reach no listener above it, so
 * every player started is watched itself. (A string: tsx's helpers do not exist in the page.)
 */
async function markPlaying(page: Page, clickTarget: string): Promise<void> {
  await page.evaluate(`(() => {
    const marks = window;
    document.addEventListener('click', (event) => {
      if (event.target && event.target.closest && event.target.closest(${JSON.stringify(clickTarget)})) marks.clickedAt = performance.now();
    }, true);
    const seen = () => { if (marks.playingAt === undefined) marks.playingAt = performance.now(); };
    document.addEventListener('playing', seen, true);
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
      this.addEventListener('playing', seen, { once: true });
      return play.call(this);
    };
  })()`);
}

async function resetMarks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const marks = window as unknown as { clickedAt?: number; playingAt?: number };
    delete marks.clickedAt;
    delete marks.playingAt;
  });
}

async function waitForSound(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { playingAt?: number }).playingAt !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => {
    const marks = window as unknown as { clickedAt: number; playingAt: number };
    return marks.playingAt - marks.clickedAt;
  });
}

/**
 * Click-to-first-sound on the real page: a visitor fills the details, types a new script (so
 * nothing comes from a cache), clicks 'Create your greeting' and waits for the greeting to play
 * by itself. Measured in the page, from the click event to the player's `playing` event.
 *
 * Each next click comes once the previous greeting is whole (its player knows its duration), as a
 * visitor listens to one greeting before making another: clicked back to back, each greeting's
 * first phrase waited behind the rest of the one before (the speech threads run the rest at a
 * background priority) or behind a second thread's cold start, which measures the bench's own
 * pile-up rather than a click. `BENCH_BACK_TO_BACK=1` clicks as soon as the sound starts, as before.
 */
export async function clickToFirstSound(base: string, scripts: readonly string[]): Promise<number[]> {
  const backToBack = process.env.BENCH_BACK_TO_BACK === '1';
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ baseURL: base, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    page.setDefaultTimeout(120_000);
    await page.goto('/voice-generator');
    const label = (name: string) => page.getByLabel(name, { exact: true });
    await label('Company name').fill('Summit Builders');
    await label('Your name').fill('Alex');
    await label('Emergency number').fill('555-123-4567');
    await label('Season').fill('spring');
    await markPlaying(page, 'button[type=submit]');
    const timings: number[] = [];
    for (const script of scripts) {
      await page.getByLabel('Your greeting script').fill(script);
      await resetMarks(page);
      await page.getByRole('button', { name: 'Create your greeting' }).click();
      timings.push(await waitForSound(page));
      if (!backToBack) await page.waitForFunction(() => Number.isFinite(document.querySelector('audio')?.duration ?? Number.NaN), undefined, { timeout: 60_000 });
    }
    return timings;
  } finally {
    await browser.close();
  }
}
