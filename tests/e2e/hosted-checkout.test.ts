import { describe, expect, inject, it } from 'vitest';
import { answerBusiness, api, checkLegitimacy, completeBusiness, frenchMobile, signUpByApi, workEmail } from '../helpers/accounts';
import { axeViolations } from '../helpers/axe';
import { newContext, viewports, watchPageErrors } from '../helpers/browser';
import { browserPerFile } from '../helpers/file-browser';
import { localeText, type Lng } from '../helpers/locale-text';

/**
 * The local provider's hosted checkout page in Chromium (#37.5): its header is the page's banner
 * landmark, and switching its language keeps what was typed in the card form, in the page only
 * (the address gains nothing but the language; nothing is stored).
 */
const text = (lng: Lng, key: string) => localeText(lng, 'checkout', `hosted.${key}`);

describe('hosted checkout page', () => {
  const baseURL = inject('baseURL');
  const browser = browserPerFile();

  for (const [lng, viewport] of [
    ['en', 'phone'],
    ['fr', 'desktop'],
  ] as const) {
    it(`has a banner and keeps the typed card across a language switch (${lng}, ${viewport})`, async () => {
      const session = await signUpByApi(baseURL, { phone: frenchMobile().e164, email: workEmail(`hosted-${lng}`) });
      await answerBusiness(baseURL, session, completeBusiness);
      expect(await checkLegitimacy(baseURL, session)).toBe('VALIDATED');
      const { url } = await api<{ url: string }>(baseURL, `/v2/user/subscription/stripe/checkout-session?locale=${lng}&interval=monthly&plan=business&currency=EUR`, {
        token: session.access_token,
      });
      const context = await newContext(browser(), baseURL, { viewport: viewports[viewport] });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(new URL(url, baseURL).pathname);
      await page.getByRole('heading', { level: 1, name: text(lng, 'heading') }).waitFor();

      const banner = page.getByRole('banner');
      expect(await banner.count()).toBe(1);
      expect(await banner.innerText()).toContain('Ringwise');
      expect(await axeViolations(page)).toEqual([]);

      const typed = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
      await page.getByLabel(text(lng, 'name')).fill(typed.name);
      await page.getByLabel(text(lng, 'number')).fill(typed.number);
      await page.getByLabel(text(lng, 'expiry')).fill(typed.expiry);
      await page.getByLabel(text(lng, 'cvc')).fill(typed.cvc);

      const other: Lng = lng === 'en' ? 'fr' : 'en';
      await banner.getByRole('link', { name: other === 'fr' ? 'Français' : 'English' }).click();
      await page.getByRole('heading', { level: 1, name: text(other, 'heading') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(other);
      expect(await page.getByLabel(text(other, 'name')).inputValue()).toBe(typed.name);
      expect(await page.getByLabel(text(other, 'number')).inputValue()).toBe(typed.number);
      expect(await page.getByLabel(text(other, 'expiry')).inputValue()).toBe(typed.expiry);
      expect(await page.getByLabel(text(other, 'cvc')).inputValue()).toBe(typed.cvc);
      // The card is in the page only: not in the address, not in storage.
      const address = new URL(page.url());
      expect(address.search).toBe(`?lng=${other}`);
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);
      expect(stored).not.toMatch(/4242|Lovelace/);
      // Focus stays on the language switch, now the way back.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('hreflang'))).toBe(lng);
      expect(await page.getByRole('banner').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);

      // The kept card pays, in the language now shown.
      await page.getByLabel(text(other, 'cvc')).press('Enter');
      await page.waitForURL(new RegExp(`/${other}/onboarding/next-steps`));
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
