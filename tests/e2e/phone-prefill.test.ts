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

  /** A national prefill shows `shown` with `country` picked, never '+0…'. */
  async function prefilled(page: Page, lng: Lng, path: string, shown: string, country: string, prefix: string) {
    await openForm(page, path, lng);
    // Shown as given until the lazy formatter arrives, then in the visitor's country.
    await expect.poll(() => phoneField(page, lng).inputValue(), { message: path }).toBe(shown);
    await countryButton(page, lng, country, prefix).waitFor();
    expect(await phoneField(page, lng).inputValue()).not.toMatch(/^\+/);
  }

  // One browser per visitor's country (its locale), each case a page load in it (#40.3: a browser
  // per case, and the UK cases in en and in fr). Country names come from the browser's CLDR data
  // (Intl.DisplayNames), not from our locale files: each name is still read in each language once
  // (United States: the first en-US case; États-Unis and Royaume-Uni: the French typed number;
  // United Kingdom: the en-GB case and the English prefill).

  it('fr (fr-FR): a national prefill on /fr/form and /fr is read in France (06 12 34 56 78), never \'+0…\'', async () => {
    const context = await newContext(browser, baseURL, { locale: 'fr-FR' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await prefilled(page, 'fr', '/fr/form?phone_number=0612345678', '06 12 34 56 78', 'France', '+33');
    await prefilled(page, 'fr', '/fr?phone_number=0612345678', '06 12 34 56 78', 'France', '+33');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('en-US: a French national prefill is left as written with the United States picked; a UK number prefilled (en) or typed (fr) moves the picker to the United Kingdom', async () => {
    const context = await newContext(browser, baseURL, { locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // Not a US number, so left as written with the US picked.
    await prefilled(page, 'en', '/en/form?phone_number=0612345678', '0612345678', 'United States', '+1');

    // A UK number prefilled on /form.
    await openForm(page, '/en/form?phone_number=%2B447700900123', 'en');
    await expect.poll(() => phoneField(page, 'en').inputValue()).toBe('+44 7700 900123');
    await countryButton(page, 'en', 'United Kingdom', '+44').waitFor();

    // A UK number typed on /form: from the United States to the United Kingdom, the names in French.
    await openForm(page, '/fr/form', 'fr');
    await countryButton(page, 'fr', 'États-Unis', '+1').waitFor();
    await phoneField(page, 'fr').pressSequentially('+44 7700 900123');
    await expect.poll(() => phoneField(page, 'fr').inputValue()).toBe('+44 7700 900123');
    await countryButton(page, 'fr', 'Royaume-Uni', '+44').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('en (en-GB) /en/demo: a national prefill is read in the UK (020 7183 8750), never \'+0…\'', async () => {
    const context = await newContext(browser, baseURL, { locale: 'en-GB' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await prefilled(page, 'en', '/en/demo?phone_number=02071838750', '020 7183 8750', 'United Kingdom', '+44');
    expect(errors).toEqual([]);
    await context.close();
  });
});
