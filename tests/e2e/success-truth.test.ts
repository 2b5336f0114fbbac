import { describe, expect, it } from 'vitest';
import { subscribe, workEmail } from '../helpers/accounts';
import { browserFile } from '../helpers/file-browser';
import { localeText, type Lng } from '../helpers/locale-text';
import { bothCorners, checkedPerson, signedInPage } from '../helpers/signed-in-page';

/**
 * The success pages say only what is true for their reader (#37.2). This server publishes no app
 * link, so no "steps to your first call" (they start with getting an app); the greeting generator is
 * offered instead; a signed-out visitor gets no check mark. Chromium, en 1280 px and fr 375 px.
 */
const checkMark = 'path[d="M5 12.5l4.5 4.5L19 7.5"]';

describe('success pages that tell the truth', () => {
  const { baseURL, browser } = browserFile();

  it.each(bothCorners)('signed-out /success: no check mark, no steps nobody can take, the greeting generator (%s)', async (lng: Lng, viewport) => {
    const { context, page, errors } = await signedInPage(browser(), baseURL, null, { viewport });
    // /success carries no language: it speaks the one chosen last.
    await page.goto(`/${lng}/failure`);
    await page.getByRole('link', { name: localeText(lng, 'landing', 'failure.back') }).waitFor();
    await page.goto('/success');
    await page.getByRole('heading', { level: 1, name: localeText(lng, 'account', 'welcome.visitorTitle') }).waitFor();
    expect(await page.locator(checkMark).count()).toBe(0);
    expect(await page.getByRole('heading', { name: localeText(lng, 'common', 'getStarted.stepsTitle') }).count()).toBe(0);
    await page.getByRole('link', { name: localeText(lng, 'account', 'welcome.greetingOpen') }).click();
    await page.waitForURL(new RegExp(`/${lng}/voice-generator`));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a subscriber: the check mark, the account page and the greeting generator, still no app steps (en)', async () => {
    const session = await checkedPerson(baseURL, { email: workEmail('success') });
    await subscribe(baseURL, session);
    const { context, page } = await signedInPage(browser(), baseURL, session);
    await page.goto('/success');
    await page.getByRole('link', { name: localeText('en', 'account', 'welcome.account') }).waitFor();
    expect(await page.locator(checkMark).count()).toBe(1);
    await page.getByRole('link', { name: localeText('en', 'account', 'welcome.greetingOpen') }).waitFor();
    expect(await page.getByRole('heading', { name: localeText('en', 'common', 'getStarted.stepsTitle') }).count()).toBe(0);
    await context.close();
  });
});
