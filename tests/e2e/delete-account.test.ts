import { describe, expect, inject, it } from 'vitest';
import { answerBusiness, checkLegitimacy, completeBusiness, frenchMobile, signInContext, signUpByApi, subscribe, workEmail } from '../helpers/accounts';
import { axeViolations } from '../helpers/axe';
import { newContext, screenshot, viewports, watchPageErrors } from '../helpers/browser';
import { browserPerFile } from '../helpers/file-browser';
import { localeText, type Lng } from '../helpers/locale-text';

/**
 * "Delete account" on the account page (#29.5), in Chromium against the real server: the
 * confirmation says what goes and that a live subscription ends, the account is erased (its token
 * refused), the browser is signed out without a refused request, and a page says it is done. en at 375 px with a trial,
 * fr at 1280 px without a subscription.
 */
const text = (lng: Lng, key: string) => localeText(lng, 'account', key);

describe('delete account', () => {
  const baseURL = inject('baseURL');
  const browser = browserPerFile();

  async function erase(lng: Lng, options: { subscribed: boolean; viewport: keyof typeof viewports }) {
    const session = await signUpByApi(baseURL, { phone: frenchMobile().e164, email: workEmail(`delete-${lng}`) });
    await answerBusiness(baseURL, session, completeBusiness);
    expect(await checkLegitimacy(baseURL, session)).toBe('VALIDATED');
    if (options.subscribed) await subscribe(baseURL, session);
    const context = await newContext(browser(), baseURL, { viewport: viewports[options.viewport], locale: lng === 'fr' ? 'fr-FR' : 'en-US' });
    // The account page has one address for both languages: the one chosen during onboarding counts.
    await context.addInitScript((language) => window.localStorage.setItem('onboarding-lang', language), lng);
    await signInContext(context, baseURL, session);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // Every refused request, so the sign-out after the erasure can be shown to ask the server nothing (#37.5).
    const refusedRequests: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refusedRequests.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    await page.goto('/account');
    await page.getByRole('heading', { level: 2 }).first().waitFor();

    const settingsItem = page.getByRole('region', { name: text(lng, 'delete.title') });
    await settingsItem.getByRole('button', { name: text(lng, 'delete.title') }).click();
    await expect.poll(() => settingsItem.getByText(text(lng, 'delete.confirm')).isVisible()).toBe(true);
    expect(await settingsItem.getByText(text(lng, 'delete.subscription')).isVisible()).toBe(options.subscribed);
    // Keeping it is the default (focused) answer, and goes back.
    expect(await settingsItem.getByRole('button', { name: text(lng, 'delete.keep') }).evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `delete-account-confirm-${lng}-${options.viewport}`);

    await settingsItem.getByRole('button', { name: text(lng, 'delete.yes') }).click();
    const done = page.getByRole('dialog', { name: text(lng, 'delete.doneTitle') });
    await done.waitFor();
    await expect.poll(() => done.getByRole('heading').evaluate((heading) => heading === document.activeElement)).toBe(true);
    await screenshot(page, `delete-account-done-${lng}-${options.viewport}`);

    // The account is gone on the server: its token opens nothing.
    const refused = await fetch(new URL('/v1/user', baseURL), { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(refused.status).toBe(401);
    // Signed out here: no session cookie, and the page below is the home page.
    await expect.poll(async () => (await context.cookies()).filter((cookie) => /^sb-.*-auth-token/.test(cookie.name)).length).toBe(0);
    await done.getByRole('button', { name: text(lng, 'delete.close') }).click();
    await done.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe(`/${lng}`);
    // The erasure ended the session on the server: the sign-out only clears it here, so no request
    // is refused and the console stays clean (#37.5: a 403 from /auth/v1/logout was logged).
    expect(refusedRequests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }

  it('with a trial: the confirmation says the subscription ends, then the account is gone (en, 375 px)', async () => {
    await erase('en', { subscribed: true, viewport: 'phone' });
  });

  it('without a subscription (fr, 1280 px)', async () => {
    await erase('fr', { subscribed: false, viewport: 'desktop' });
  });
});
