import { describe, expect, it } from 'vitest';
import { workEmail } from '../helpers/accounts';
import { browserFile } from '../helpers/file-browser';
import { beforeValue, localeText, type Lng } from '../helpers/locale-text';
import { bothCorners, checkedPerson, signedInPage } from '../helpers/signed-in-page';
import { formatMoney } from '../../core/payments/money';

/**
 * The paywall honours the promotion code its visit carries (#37.1): with ?custom_code=WELCOME10 it
 * shows the code and the first payment 10 % off (business monthly €49.00 → €44.10), and the hosted
 * checkout it opens shows the same amount. Chromium against the real server, en 1280 px, fr 375 px.
 */
describe('the paywall with a promotion code', () => {
  const { baseURL, browser } = browserFile();

  it.each(bothCorners)('shows the checkout’s discounted first payment (%s)', async (lng: Lng, viewport) => {
    const session = await checkedPerson(baseURL, { email: workEmail(`promo-${lng}`) });
    const { context, page, errors } = await signedInPage(browser(), baseURL, session, { lng, viewport });
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
