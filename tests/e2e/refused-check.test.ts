import { describe, expect, it } from 'vitest';
import { api, completeBusiness } from '../helpers/accounts';
import { viewports } from '../helpers/browser';
import { browserFile } from '../helpers/file-browser';
import { localeText, type Lng } from '../helpers/locale-text';
import { bothCorners, checkedPerson, signedInPage } from '../helpers/signed-in-page';

/**
 * A refused identity check (kyc_status REJECTED) is told as such on every page that reads where the
 * person stands (#37.3): the failure page, the account page and the success page say the company
 * could not be verified online and where to send a document, and none of them promises a trial.
 * Chromium against the real server, en at 1280 px and fr at 375 px.
 */
describe('a refused identity check', () => {
  const { baseURL, browser } = browserFile();

  it.each(bothCorners)('is told kindly and truly, with no trial promised (%s)', async (lng: Lng, viewport) => {
    // A personal address for a company with a website: the rules leave the decision to a person, who refuses.
    const session = await checkedPerson(baseURL, {
      email: `refused.${lng}.${Date.now()}@gmail.com`,
      business: { ...completeBusiness, website: 'https://acme-widgets.com' },
      kyc: 'PENDING_REVIEW',
    });
    await api(baseURL, '/admin/kyc/decisions', { method: 'POST', body: { user: session.user.id, status: 'REJECTED' } });
    const { context, page, errors } = await signedInPage(browser(), baseURL, session, { lng, viewport });
    const title = localeText(lng, 'account', 'refused.title');
    const email = localeText(lng, 'legal', 'contact.emailValue');
    const trial = lng === 'fr' ? /essai gratuit|sous un jour ouvré|en cours d’examen/i : /free trial|one business day|under review/i;

    for (const path of [`/${lng}/failure`, `/${lng}/account`, '/success']) {
      await page.goto(path);
      await page
        .getByRole('heading', { name: title })
        .waitFor()
        .catch(async (error: unknown) => {
          throw new Error(`${path}: ${String(error)}: ${(await page.locator('body').innerText()).slice(0, 400)} ${errors.join(' | ')}`);
        });
      await page.getByRole('link', { name: email }).waitFor();
      const body = await page.locator('main').innerText();
      expect(body, `${path} promises a trial or a review: ${body}`).not.toMatch(trial);
    }
    // The funnel may ask POST /v1/onboarding/finish before the identity check: its 402 is expected.
    expect(errors.filter((error) => !/status of 402/.test(error))).toEqual([]);
    await context.close();
  });

  it.each(['en', 'fr'] as const)('signed-out /failure does not say "Account under review" to a visitor (%s)', async (lng) => {
    const { context, page, errors } = await signedInPage(browser(), baseURL, null, { viewport: viewports.phone });
    await page.goto(`/${lng}/failure`);
    await page
      .getByRole('link', { name: localeText(lng, 'landing', 'failure.back') })
      .waitFor()
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}: ${(await page.locator('body').innerText()).slice(0, 400)} ${errors.join(' | ')}`);
      });
    expect(await page.getByText(localeText(lng, 'landing', 'failure.eyebrow')).count()).toBe(0);
    await context.close();
  });
});
