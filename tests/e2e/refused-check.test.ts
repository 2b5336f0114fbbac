import { describe, expect, inject, it } from 'vitest';
import { answerBusiness, api, checkLegitimacy, completeBusiness, frenchMobile, signInContext, signUpByApi } from '../helpers/accounts';
import { newContext, viewports, watchPageErrors } from '../helpers/browser';
import { browserPerFile } from '../helpers/file-browser';
import { localeText, type Lng } from '../helpers/locale-text';
import { movePastAuthWindows } from '../helpers/sign-in';

/**
 * A refused identity check (kyc_status REJECTED) is told as such on every page that reads where the
 * person stands (#37.3): the failure page, the account page and the success page say the company
 * could not be verified online and where to send a document, and none of them promises a trial.
 * Chromium against the real server, en at 1280 px and fr at 375 px.
 */
describe('a refused identity check', () => {
  const baseURL = inject('baseURL');
  const browser = browserPerFile();
  movePastAuthWindows(baseURL);

  it.each([
    ['en', viewports.desktop],
    ['fr', viewports.phone],
  ] as const)('is told kindly and truly, with no trial promised (%s)', async (lng: Lng, viewport) => {
    // A personal address for a company with a website: the rules leave the decision to a person, who refuses.
    const session = await signUpByApi(baseURL, { phone: frenchMobile().e164, email: `refused.${lng}.${Date.now()}@gmail.com` });
    await answerBusiness(baseURL, session, { ...completeBusiness, website: 'https://acme-widgets.com' });
    expect(await checkLegitimacy(baseURL, session)).toBe('PENDING_REVIEW');
    await api(baseURL, '/admin/kyc/decisions', { method: 'POST', body: { user: session.user.id, status: 'REJECTED' } });
    const context = await newContext(browser(), baseURL, { viewport, locale: lng === 'fr' ? 'fr-FR' : 'en-US' });
    await signInContext(context, baseURL, session);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
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
    const context = await newContext(browser(), baseURL, { viewport: viewports.phone });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
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
