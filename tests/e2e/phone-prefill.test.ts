import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newContext, watchPageErrors, appRendered } from '../helpers/browser';
import { sharedBrowser } from '../helpers/file-browser';
import { beforeValue, localeText, type Lng } from '../helpers/locale-text';

/**
 * #37.5: the phone field says what the number is. A prefilled national number (`?phone_number=0612345678`,
 * a landing page's form) is read in the visitor's country or left as written, never shown as
 * "+0612345678"; a number written after '+' moves the country picker to its country, a UK number
 * included (+44 7700 900123 is in no country's valid ranges, so libphonenumber names no country for it).
 */
describe('phone field: prefilled and typed numbers in their country', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => browser.close());

  const phoneField = (page: Page, lng: Lng) => page.getByLabel(localeText(lng, 'landing', 'fields.phone'), { exact: true });
  /** The picker's button, named 'Country: <name>' / 'Pays : <name>' then the dialling prefix. */
  const countryButton = (page: Page, lng: Lng, country: string, prefix: string) =>
    page.getByRole('button', { name: new RegExp(`^${beforeValue(localeText(lng, 'common', 'phoneInput.countryButton'))}\\s*${country}\\s*\\${prefix}$`) });

  /** Opens a form page and waits for the app to have drawn it over the prerendered one. */
  async function openForm(page: Page, path: string, lng: Lng) {
    await page.goto(path);
    await appRendered(page);
    await phoneField(page, lng).waitFor();
  }

  const cases: Array<{ lng: Lng; locale: string; path: string; shown: string; country: string; prefix: string }> = [
    // A French visitor: the national number is read in France.
    { lng: 'fr', locale: 'fr-FR', path: '/fr/form?phone_number=0612345678', shown: '06 12 34 56 78', country: 'France', prefix: '+33' },
    { lng: 'fr', locale: 'fr-FR', path: '/fr?phone_number=0612345678', shown: '06 12 34 56 78', country: 'France', prefix: '+33' },
    // A visitor in the United States: not a US number, so left as written with the US picked.
    { lng: 'en', locale: 'en-US', path: '/en/form?phone_number=0612345678', shown: '0612345678', country: 'United States', prefix: '+1' },
    // A visitor in the UK: read there.
    { lng: 'en', locale: 'en-GB', path: '/en/demo?phone_number=02071838750', shown: '020 7183 8750', country: 'United Kingdom', prefix: '+44' },
  ];

  for (const { lng, locale, path, shown, country, prefix } of cases) {
    it(`${lng} (${locale}) ${path}: a national prefill shows '${shown}' with ${country} picked, never '+0…'`, async () => {
      const context = await newContext(browser, baseURL, { locale });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await openForm(page, path, lng);
      // Shown as given until the lazy formatter arrives, then in the visitor's country.
      await expect.poll(() => phoneField(page, lng).inputValue()).toBe(shown);
      await countryButton(page, lng, country, prefix).waitFor();
      expect(await phoneField(page, lng).inputValue()).not.toMatch(/^\+/);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const lng of ['en', 'fr'] as const) {
    // Country names come from the browser's CLDR data (Intl.DisplayNames), not from our locale files.
    const uk = lng === 'fr' ? 'Royaume-Uni' : 'United Kingdom';
    const us = lng === 'fr' ? 'États-Unis' : 'United States';

    it(`${lng}: a UK number prefilled on /form moves the picker to the United Kingdom`, async () => {
      const context = await newContext(browser, baseURL, { locale: 'en-US' });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await openForm(page, `/${lng}/form?phone_number=%2B447700900123`, lng);
      await expect.poll(() => phoneField(page, lng).inputValue()).toBe('+44 7700 900123');
      await countryButton(page, lng, uk, '+44').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`${lng}: a UK number typed on /form moves the picker from the United States to the United Kingdom`, async () => {
      const context = await newContext(browser, baseURL, { locale: 'en-US' });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await openForm(page, `/${lng}/form`, lng);
      await countryButton(page, lng, us, '+1').waitFor();
      await phoneField(page, lng).pressSequentially('+44 7700 900123');
      await expect.poll(() => phoneField(page, lng).inputValue()).toBe('+44 7700 900123');
      await countryButton(page, lng, uk, '+44').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
