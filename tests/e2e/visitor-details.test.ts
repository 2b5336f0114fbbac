import { describe, expect, inject, it } from 'vitest';
import { signInContext } from '../helpers/accounts';
import { newContext, screenshot, viewports, watchPageErrors, appRendered } from '../helpers/browser';
import { browserPerFile } from '../helpers/file-browser';
import { phoneAccount } from './paths/accounts';

/**
 * The details a careful visitor notices (#26.8), in English and French: a phone number written for
 * humans, progress labels whole at 1280 px, the no-script text in the page's language, flags as
 * images, the voice grid's keyboard focus plainer than its selection.
 */
describe('details a careful visitor notices', () => {
  const baseURL = inject('baseURL');
  const browser = browserPerFile();

  // One browser per reader (#40.3: a browser per detail and language, seven in all): what the phone
  // number and the flags show follows the browser's locale (en-US, fr-FR), so each reader is a
  // context of its own; its details are page loads in it, signed out first (the no-script text and the
  // flags, 375 px), then signed in (the number, 375 px; the progress labels, 1280 px).
  for (const lng of ['en', 'fr'] as const) {
    it(`${lng}: the no-script text in the page's language, flags as images; signed in by phone, the number as people write it, not E.164; progress labels whole at 1280 px${lng === 'en' ? '; the voice grid’s keyboard focus plainer than its selection' : ''}`, async () => {
      // A visitor without JavaScript is told in the page's language.
      const prerendered = await (await fetch(new URL(`/${lng}`, baseURL))).text();
      const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(prerendered)?.[1] ?? '';
      expect(noscript).toBe(lng === 'fr' ? 'Ce site a besoin de JavaScript. Activez-le, puis rechargez la page.' : 'This site needs JavaScript. Turn it on, then reload the page.');
      const context = await newContext(browser(), baseURL, { viewport: viewports.phone, locale: lng === 'fr' ? 'fr-FR' : 'en-US' });
      const page = await context.newPage();
      const errors = watchPageErrors(page);

      // Flags are images.
      await page.goto(`/${lng}/demo`);
      const flag = page.locator('main form button[aria-haspopup="listbox"] img');
      await flag.waitFor();
      expect(await flag.getAttribute('src')).toBe(lng === 'fr' ? '/flags/fr.svg' : '/flags/us.svg');
      await expect.poll(() => flag.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      // No regional-indicator letters (emoji flags) anywhere in the picker. The page is served
      // prerendered: the picker opens once the app has taken it over (an earlier click is the
      // subject of tests/e2e/prerender.test.ts).
      await appRendered(page);
      await page.locator('main form button[aria-haspopup="listbox"]').click();
      const listed = page.getByRole('listbox').locator('img').first();
      await expect.poll(() => listed.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      expect(await page.locator('main').innerText()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);

      // Signed in by phone, the sign-in page names the number as people write it, not E.164.
      const account = await phoneAccount(baseURL, 'work', {});
      const e164 = `+${(account.session.user as { phone?: string }).phone ?? ''}`.replace(/^\+\+/, '+');
      await signInContext(context, baseURL, account.session);
      await page.goto(`/${lng}/sign-in-otp`);
      const line = page.getByText(lng === 'fr' ? /Vous êtes connecté en tant que/ : /You are signed in as/);
      // A French number: its national form for a reader in France, the international one elsewhere.
      const written = lng === 'fr' ? /0\d( \d{2}){4}\./ : /\+33 \d( \d{2}){4}\./;
      await expect.poll(async () => line.innerText(), { timeout: 10_000 }).toMatch(written);
      expect(await line.innerText()).not.toContain(e164);

      // The onboarding progress labels wrap between words only at 1280 px.
      await page.setViewportSize(viewports.desktop);
      await page.goto(`/${lng}/onboarding/steps/size`);
      const progress = page.getByRole('navigation', { name: lng === 'fr' ? 'Progression de l’inscription' : /progress/i });
      await progress.locator('li').first().waitFor();
      // Each word of each label on one line: a word broken across two lines has two boxes.
    const broken = await progress.evaluate((nav) => {
      const words: string[] = [];
      for (const label of nav.querySelectorAll('li > span:last-child')) {
        const text = label.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) continue;
        const value = text.textContent ?? '';
        for (const match of value.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) words.push(match[0]);
        }
      }
      return words;
    });
      expect(broken).toEqual([]);
      await screenshot(page, `progress-labels-${lng}-1280`);

      if (lng === 'en') {
        // The voice grid's keyboard focus is the 3 px focus ring, plainer than the selection. By
        // keyboard, as the person the focus ring is for.
        await page.goto('/en/voice-generator');
        await appRendered(page);
        await page.locator('main button[aria-haspopup="menu"]').focus();
        await page.keyboard.press('Enter');
        const menu = page.getByRole('menu');
        await menu.waitFor();
        await page.keyboard.press('ArrowRight');
        const focused = menu.locator('[role="menuitemradio"]:focus');
        await focused.waitFor();
        const ring = await focused.evaluate((element) => {
          const style = getComputedStyle(element);
          return { style: style.outlineStyle, width: style.outlineWidth };
        });
        expect(ring).toEqual({ style: 'solid', width: '3px' });
        await screenshot(page, 'voice-grid-focus-en-1280');
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
