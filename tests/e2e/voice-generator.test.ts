import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { voiceDisplayList } from '../../core/contracts/greetings';
import { projectRoot } from '../../server/config/project-root';
import { appRendered, newContext, screenshot, viewports, watchPageErrors } from '../helpers/browser';
import { sharedBrowser } from '../helpers/file-browser';
import { axeViolations } from '../helpers/axe';

type Lng = 'en' | 'fr';
const root = projectRoot();
const locales = {
  en: JSON.parse(readFileSync(join(root, 'locales', 'en', 'voice.json'), 'utf8')) as Record<string, unknown>,
  fr: JSON.parse(readFileSync(join(root, 'locales', 'fr', 'voice.json'), 'utf8')) as Record<string, unknown>,
};

/** A text from locales/{lng}/voice.json with its {{placeholders}} filled, as people read it. */
function text(lng: Lng, key: string, values: Record<string, string> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locales[lng]);
  if (typeof value !== 'string') throw new Error(`no text voice:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');
}



/** UI drivers for the generator chart's events, so a journey reads as what a visitor does. */
const drive = {
  toggleMenu: (page: Page) => page.getByRole('button', { name: /^Voice: / }).click(),
  selectVoiceInMenu: (page: Page, label: string) => page.getByRole('menuitemradio', { name: new RegExp(`^${label},`) }).click(),
  selectVoiceNative: (page: Page, label: string, lng: Lng = 'en') => page.getByLabel(text(lng, 'voice.label'), { exact: true }).selectOption(label.toLowerCase()),
  toggleSample: (page: Page, label: string, state: 'tryExample' | 'pauseExample', lng: Lng = 'en') => page.getByRole('button', { name: text(lng, `voice.${state}`, { voice: label }) }).click(),
  shuffleScript: (page: Page) => page.getByRole('button', { name: text('en', 'script.generate'), exact: true }).click(),
  fillField: (page: Page, field: 'company' | 'name' | 'emergency' | 'season', value: string, lng: Lng = 'en') => page.getByLabel(text(lng, `fields.${field}`), { exact: true }).fill(value),
  submit: (page: Page, lng: Lng = 'en') => page.getByRole('button', { name: text(lng, 'submit') }).click(),
};

/** Fills the four details, so whichever sample script is shown has no placeholder left. */
async function fillDetails(page: Page, lng: Lng = 'en'): Promise<void> {
  const values = lng === 'fr' ? { company: 'Rénovations Sommet', name: 'Camille', emergency: '06 12 34 56 78', season: 'printemps' } : { company: 'Summit Builders', name: 'Alex', emergency: '555-123-4567', season: 'spring' };
  for (const [field, value] of Object.entries(values)) await drive.fillField(page, field as keyof typeof values, value, lng);
}

/** A script that, read aloud, is longer than a greeting may be (its numbers are spoken as words), under the field's 1000 characters. */
const tooLongAloud = Array.from({ length: 200 }, (_, index) => String(111 + index * 4)).join(', ').slice(0, 1000);

/** Waits until the greeting plays by itself (no click on the player after 'Create your greeting'). */
async function playsByItself(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const audio = document.querySelector('audio');
    return audio !== null && !audio.paused && audio.currentTime > 0;
  }, undefined, { timeout: 20_000 });
}

/**
 * The greeting audio the page asks for (the player's, not the download links'). The player streams
 * it through Media Source Extensions (src/features/voice-generator/stream-player.ts), so its own
 * `currentSrc` is a blob: address; what it plays is what the page fetched.
 */
function watchGreetingAudio(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/\/greetings\/audio\/[\w-]+\.mp3\?/.test(url) && !url.includes('download=1')) fetched.push(url);
  });
  return fetched;
}

/** Waits until the result player has decoded enough of the greeting to play it; `src` is the greeting audio it asked for last. */
async function playableGreeting(page: Page, fetched: readonly string[]): Promise<{ src: string; height: number; duration: number }> {
  const audio = page.locator('audio');
  await audio.waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 2, undefined, { timeout: 20_000 });
  const played = await audio.evaluate((element: HTMLAudioElement) => ({ height: element.getBoundingClientRect().height, duration: element.duration }));
  return { ...played, src: fetched.at(-1) ?? '' };
}

describe('voice generator in a browser', () => {
  let browser: Browser;
  const baseURL = inject('baseURL');

  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => browser.close());

  it('desktop: grid menu of 17 voices, sample play/pause, new script, placeholders, greeting with downloads', async () => {
    const context = await newContext(browser, baseURL, { viewport: viewports.desktop });
    const page = await context.newPage();
    const fetched = watchGreetingAudio(page);
    const errors = watchPageErrors(page);
    await page.goto('/voice-generator');
    // The page is prerendered: what it does is tried once the app has adopted it.
    await appRendered(page);

    const script = page.getByLabel(text('en', 'script.label'));
    await expect.poll(() => script.inputValue()).not.toBe('');
    expect(await script.getAttribute('rows')).toBe('6');
    expect(await script.getAttribute('placeholder')).toBe(text('en', 'script.placeholder'));
    const first = await script.inputValue();
    await drive.shuffleScript(page);
    expect(await script.inputValue()).not.toBe(first);

    // The native select is for phones only; the menu button is the wide-screen control.
    expect(await page.getByLabel(text('en', 'voice.label'), { exact: true }).isVisible()).toBe(false);
    await drive.toggleMenu(page);
    const items = page.getByRole('menuitemradio');
    expect(await items.count()).toBe(17);
    expect(await items.evaluateAll((elements) => elements.map((element) => element.textContent?.trim()))).toEqual([...voiceDisplayList]);
    const columns = await page.getByRole('menu').evaluate((menu) => getComputedStyle(menu).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(4);
    // Avatars are drawn, 32 px, loaded and named.
    const avatars = await page.getByRole('menu').locator('img').evaluateAll((images) =>
      (images as HTMLImageElement[]).map((image) => ({ alt: image.alt, loaded: image.complete && image.naturalWidth > 0, size: image.getBoundingClientRect().width })),
    );
    expect(avatars.every((avatar) => avatar.loaded && avatar.size === 32 && avatar.alt.length > 3)).toBe(true);
    // Keyboard: the chosen voice has focus, arrows move through the grid, Escape closes.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-checked'))).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(voiceDisplayList[4]);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('menu').count()).toBe(0);
    await screenshot(page, 'voice-generator-desktop');

    await drive.toggleMenu(page);
    await drive.selectVoiceInMenu(page, 'George');
    expect(await page.getByRole('menu').count()).toBe(0);
    await page.getByRole('button', { name: 'Voice: George' }).waitFor();

    // The example plays (a real MP3 from the offline engine), then pauses.
    await drive.toggleSample(page, 'George', 'tryExample');
    await page.getByRole('button', { name: text('en', 'voice.pauseExample', { voice: 'George' }) }).waitFor({ timeout: 20_000 });
    await drive.toggleSample(page, 'George', 'pauseExample');
    await page.getByRole('button', { name: text('en', 'voice.tryExample', { voice: 'George' }) }).waitFor();

    // A script with a placeholder left is not sent: its field is marked, the message says why.
    await script.fill('Thanks for calling {company}, this is {name}.');
    await drive.submit(page);
    const message = text('en', 'fields.incomplete', { fields: `${text('en', 'fields.company')} and ${text('en', 'fields.name')}`, tokens: '{company} and {name}' });
    const incomplete = page.getByRole('alert').filter({ hasText: message });
    await incomplete.waitFor();
    const company = page.getByLabel(text('en', 'fields.company'), { exact: true });
    expect(await company.getAttribute('aria-invalid')).toBe('true');
    expect(await company.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.locator('audio').count()).toBe(0);

    await drive.fillField(page, 'company', 'Summit Builders');
    await drive.fillField(page, 'name', 'Alex');
    expect(await script.inputValue()).toBe('Thanks for calling Summit Builders, this is Alex.');
    expect(await incomplete.count()).toBe(0);
    // A script pasted after the details were given is filled at once.
    await script.fill('You reached {company}. Ask for {name}.');
    expect(await script.inputValue()).toBe('You reached Summit Builders. Ask for Alex.');

    await drive.submit(page);
    await playsByItself(page);
    const greeting = await playableGreeting(page, fetched);
    expect(greeting.src).toContain('/greetings/audio/');
    expect(greeting.src).toContain('voice=george');
    // Chromium plays it from its first bytes, appended as they come (#40.4), not from the address itself.
    expect(await page.locator('audio').evaluate((element: HTMLAudioElement) => element.currentSrc)).toMatch(/^blob:/);
    expect(Math.round(greeting.height)).toBe(45);
    // Focus moves to the result (the busy submit button had dropped it to the page).
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    const downloads = await page.locator('a[download]').evaluateAll((links) => (links as HTMLAnchorElement[]).map((link) => link.href));
    expect(downloads).toHaveLength(2);
    const wav = await page.request.get(downloads.find((href) => href.includes('.wav')) ?? '');
    expect(wav.status()).toBe(200);
    expect(wav.headers()['content-type']).toBe('audio/wav');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'voice-generator-desktop-result');
    expect(errors).toEqual([]);
    await context.close();
  });

  // One behaviour, two corners (tests/helpers/signed-in-page.ts's bothCorners): English at 1280 px
  // here, after a failed greeting and its recovery; French (the longer words) at 375 px in the
  // French test below. Each answer's message is tests/unit/greetings/generator-actors' to map, the
  // server's answers tests/server/greetings/greetings-cost-budget's.
  it('shows the red alert when the greeting service fails, and recovers; a greeting over the builder\u2019s limits says which limit and what to do (#25.6) (en, 1280 px)', async () => {
    const context = await newContext(browser, baseURL, { viewport: viewports.desktop });
    const page = await context.newPage();
    const fetched = watchGreetingAudio(page);
    const errors = watchPageErrors(page);
    await page.route(/\/greetings\?/, (route) => route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ code: 'GREETING_SYNTHESIS_FAILED', message: 'x' }) }));
    await page.goto('/voice-generator');
    // The page is prerendered: what it does is tried once the app has adopted it.
    await appRendered(page);
    await fillDetails(page);
    await drive.submit(page);
    const alert = page.getByRole('alert').filter({ hasText: text('en', 'error') });
    await alert.waitFor();
    expect(await alert.textContent()).toBe('There was an error generating your greeting. Please try again.');
    const background = await alert.evaluate((element) => getComputedStyle(element).backgroundColor);
    const [red = 0, green = 0, blue = 0] = (background.match(/\d+/g) ?? []).map(Number);
    expect(red).toBeGreaterThan(green + 20);
    expect(red).toBeGreaterThan(blue + 20);
    await screenshot(page, 'voice-generator-error');

    await page.unroute(/\/greetings\?/);
    await drive.submit(page);
    await playableGreeting(page, fetched);
    expect(await page.getByRole('alert').filter({ hasText: text('en', 'error') }).count()).toBe(0);

    // This address has spent its hour: what the server answers then (its body and Retry-After).
    await page.route(/\/greetings\?/, (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '1740' }, body: JSON.stringify({ code: 'GREETING_HOURLY_BUDGET_SPENT', message: 'x' }) }),
    );
    await drive.submit(page);
    await page.getByRole('alert').filter({ hasText: text('en', 'errors.hourlyBudgetSpent_other', { count: '29' }) }).waitFor();
    await screenshot(page, 'voice-generator-hourly-budget-en-1280');
    // Its width is the French test's, at 375 px.
    await page.unroute(/\/greetings\?/);

    // A script that, read aloud, is longer than a greeting may be: the real server refuses it at once.
    await page.getByLabel(text('en', 'script.label'), { exact: true }).fill(tooLongAloud);
    await drive.submit(page);
    await page.getByRole('alert').filter({ hasText: text('en', 'errors.spokenTooLong') }).waitFor();
    // The browser logs each refused request ("Failed to load resource"); nothing else may appear.
    expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    await context.close();
  });

  // The phone's controls, the French page and the French limits in one visit (#40.3: before, a
  // phone test in English, a French test at 1280 px and the limits again in French at 375 px).
  it('phone (375 px), in French on /fr/voice-generator: native select, sample, French script and wording, limits, generate', async () => {
    const lng = 'fr';
    const context = await newContext(browser, baseURL, { viewport: viewports.phone, locale: 'fr-FR' });
    const page = await context.newPage();
    const fetched = watchGreetingAudio(page);
    const errors = watchPageErrors(page);
    await page.goto('/fr/voice-generator');
    await appRendered(page);
    await page.getByRole('heading', { name: text(lng, 'title') }).waitFor();
    const script = page.getByLabel(text(lng, 'script.label'));
    await expect.poll(() => script.inputValue()).not.toBe('');
    const frenchTemplates = Object.values(locales.fr.templates as Record<string, string>).map((template) => template.split('{')[0] ?? '');
    const value = await script.inputValue();
    expect(frenchTemplates.some((start) => value.startsWith(start))).toBe(true);
    // Elision before a vowel: "l'exemple d'Aria".
    await page.getByRole('button', { name: text(lng, 'voice.tryExample_vowel', { voice: 'Aria' }) }).waitFor();
    expect(await page.getByText(text(lng, 'fields.hint')).count()).toBe(1);

    // The menu button is the wide screen's; a phone has the native select.
    expect(await page.getByRole('button', { name: new RegExp(`^${text(lng, 'voice.menuButton')}`) }).isVisible()).toBe(false);
    const select = page.getByLabel(text(lng, 'voice.label'), { exact: true });
    expect(await select.evaluate((element) => element.tagName)).toBe('SELECT');
    expect(await select.locator('option').count()).toBe(17);
    await drive.selectVoiceNative(page, 'Liam', lng);
    await drive.toggleSample(page, 'Liam', 'tryExample', lng);
    await page.getByRole('button', { name: text(lng, 'voice.pauseExample', { voice: 'Liam' }) }).waitFor({ timeout: 20_000 });
    // Switching voice stops the old sample.
    await drive.selectVoiceNative(page, 'Sarah', lng);
    await page.getByRole('button', { name: text(lng, 'voice.tryExample', { voice: 'Sarah' }) }).waitFor();
    await fillDetails(page, lng);

    // This address has spent its hour: said in French, its plural, on the narrow screen.
    await page.route(/\/greetings\?/, (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '1740' }, body: JSON.stringify({ code: 'GREETING_HOURLY_BUDGET_SPENT', message: 'x' }) }),
    );
    await drive.submit(page, lng);
    await page.getByRole('alert').filter({ hasText: text(lng, 'errors.hourlyBudgetSpent_other', { count: '29' }) }).waitFor();
    await screenshot(page, 'voice-generator-hourly-budget-fr-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.unroute(/\/greetings\?/);

    // The hour over: the greeting, in French and the chosen voice.
    await drive.submit(page, lng);
    const greeting = await playableGreeting(page, fetched);
    expect(greeting.src).toContain('voice=sarah');
    expect(greeting.src).toContain('lang=fr');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The result's axe pass is the desktop test's (the page itself, at 375 px and in French: npm run visual's voice-generator).
    await screenshot(page, 'voice-generator-phone');

    // A script that, read aloud, is longer than a greeting may be: the real server refuses it at once.
    await script.fill(tooLongAloud);
    await drive.submit(page, lng);
    await page.getByRole('alert').filter({ hasText: text(lng, 'errors.spokenTooLong') }).waitFor();
    expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    await context.close();
  });
});
