import { describe, expect, it } from 'vitest';
import { api, completeBusiness, signInContext } from '../helpers/accounts';
import { viewports } from '../helpers/browser';
import { browserFile } from '../helpers/file-browser';
import { localeText } from '../helpers/locale-text';
import { checkedPerson, signedInPage } from '../helpers/signed-in-page';

/**
 * A refused identity check (kyc_status REJECTED) is told as such on every page that reads where the
 * person stands (#37.3): the failure page, the account page and the success page say the company
 * could not be verified online and where to send a document, and none of them promises a trial.
 * Chromium against the real server, fr at 375 px and en at 1280 px in one browser.
 */
describe('a refused identity check', () => {
  const { baseURL, browser } = browserFile();

  // One browser (#40.3: a browser per language for the refused person, all three pages in each, and
  // per language for the visitor): signed out first, in English; then signed in as the refused
  // person, the three pages in French at 375 px, and the failure page again in English at 1280 px
  // (which words a page shows is the same code in both languages; every en text has its fr one,
  // tests/unit/app/locale-keys.test.ts).
  it('is told kindly and truly, with no trial promised (fr 375 px; en 1280 px on the failure page); signed out, /failure does not say "Account under review"', async () => {
    // A personal address for a company with a website: the rules leave the decision to a person, who refuses.
    const session = await checkedPerson(baseURL, {
      email: `refused.${Date.now()}@gmail.com`,
      business: { ...completeBusiness, website: 'https://acme-widgets.com' },
      kyc: 'PENDING_REVIEW',
    });
    await api(baseURL, '/admin/kyc/decisions', { method: 'POST', body: { user: session.user.id, status: 'REJECTED' } });
    const { context, page, errors } = await signedInPage(browser(), baseURL, null, { lng: 'fr', viewport: viewports.phone });

    // A visitor (signed out) is not told "Account under review".
    await page.goto('/en/failure');
    await page
      .getByRole('link', { name: localeText('en', 'landing', 'failure.back') })
      .waitFor()
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}: ${(await page.locator('body').innerText()).slice(0, 400)} ${errors.join(' | ')}`);
      });
    expect(await page.getByText(localeText('en', 'landing', 'failure.eyebrow')).count()).toBe(0);

    await signInContext(context, baseURL, session);
    for (const [lng, viewport, paths] of [
      ['fr', viewports.phone, ['/fr/failure', '/fr/account', '/success']],
      ['en', viewports.desktop, ['/en/failure']],
    ] as const) {
      await page.setViewportSize(viewport);
      const title = localeText(lng, 'account', 'refused.title');
      const email = localeText(lng, 'legal', 'contact.emailValue');
      const trial = lng === 'fr' ? /essai gratuit|sous un jour ouvré|en cours d’examen/i : /free trial|one business day|under review/i;
      for (const path of paths) {
        await page.goto(path);
        await page
          .getByRole('heading', { name: title })
          .waitFor()
          .catch(async (error: unknown) => {
            throw new Error(`${lng} ${path}: ${String(error)}: ${(await page.locator('body').innerText()).slice(0, 400)} ${errors.join(' | ')}`);
          });
        await page.getByRole('link', { name: email }).waitFor();
        const body = await page.locator('main').innerText();
        expect(body, `${lng} ${path} promises a trial or a review: ${body}`).not.toMatch(trial);
      }
    }
    // The funnel may ask POST /v1/onboarding/finish before the identity check: its 402 is expected.
    expect(errors.filter((error) => !/status of 402/.test(error))).toEqual([]);
    await context.close();
  });
});
