import { describe, expect, inject, it } from 'vitest';
import { answerBusiness, checkLegitimacy, completeBusiness, frenchMobile, signInContext, signUpByApi, workEmail } from '../helpers/accounts';
import { newContext, viewports, watchPageErrors } from '../helpers/browser';
import { browserPerFile } from '../helpers/file-browser';
import { beforeValue, localeText, type Lng } from '../helpers/locale-text';
import { movePastAuthWindows } from '../helpers/sign-in';
import { formatMoney } from '../../core/payments/money';

/**
 * The paywall honours the promotion code its visit carries (#37.1): with ?custom_code=WELCOME10 it
 * shows the code and the first payment 10 % off (business monthly €49.00 → €44.10), and the hosted
 * checkout it opens shows the same amount. Chromium against the real server, en 1280 px, fr 375 px.
 */
describe('the paywall with a promotion code', () => {
  const baseURL = inject('baseURL');
  const browser = browserPerFile();
  movePastAuthWindows(baseURL);

  it.each([
    ['en', viewports.desktop],
    ['fr', viewports.phone],
  ] as const)('shows the checkout’s discounted first payment (%s)', async (lng: Lng, viewport) => {
    const session = await signUpByApi(baseURL, { phone: frenchMobile().e164, email: workEmail(`promo-${lng}`) });
    await answerBusiness(baseURL, session, completeBusiness);
    expect(await checkLegitimacy(baseURL, session)).toBe('VALIDATED');
    const context = await newContext(browser(), baseURL, { viewport, locale: lng === 'fr' ? 'fr-FR' : 'en-US' });
    await signInContext(context, baseURL, session);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`/${lng}/onboarding/checkout-form?interval=monthly&plan=business&custom_code=WELCOME10`);
    const promotion = localeText(lng, 'checkout', 'price.promotion').replace('{{code}}', 'WELCOME10').replace('{{percent}}', '10');
    await page
      .getByText(promotion)
      .waitFor()
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}: ${(await page.locator('body').innerText()).slice(0, 600)} ${errors.join(' | ')}`);
      });
    const discounted = formatMoney(4410, 'EUR', 2, lng);
    const summary = await page.getByRole('region', { name: /Business/ }).innerText();
    // "You will be charged €44.10 at the end of your trial" (the per-seat price above stays €49.00).
    expect(summary).toContain(`${beforeValue(localeText(lng, 'checkout', 'trial.charged'))} ${discounted}`);

    // The hosted checkout it opens charges the same first payment.
    await page.getByRole('button', { name: localeText(lng, 'checkout', 'start') }).click();
    await page.waitForURL(/\/checkout\//);
    expect(await page.locator('body').innerText()).toContain(discounted);
    expect(errors).toEqual([]);
    await context.close();
  });
});
