import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { advanceServerClock, answerBusiness, api, checkLegitimacy, codeFor, completeBusiness, cookieSession, frenchMobile, outbox, signInContext, signUpByApi, subscribe, workEmail } from '../helpers/accounts';
import { axeViolations } from '../helpers/axe';
import { newContext, screenshot, viewports, watchPageErrors } from '../helpers/browser';
import { browserPerFile } from '../helpers/file-browser';
import { beforeValue, localeText, type Lng } from '../helpers/locale-text';
import { aalOf, enrolTotpByApi, serverNow, totpAt, wrongTotpAt } from '../helpers/mfa';
import { movePastAuthWindows, signInByCode } from '../helpers/sign-in';

/**
 * Two-step verification in Chromium against the real server: enrol an authenticator app (its
 * code computed from the key the page shows, at the server's time), sign out, sign in again and
 * answer the second step (a wrong code first), remove the factor; and a phone factor whose codes
 * come from the dev outbox. Time moves on the server's dev clock, never by waiting.
 */

const factorsOf = async (baseURL: string, context: BrowserContext) =>
  (await api<{ factors?: { factor_type: string; status: string }[] }>(baseURL, '/auth/v1/user', { token: (await cookieSession(context)).access_token })).factors ?? [];

describe('two-step verification', () => {
  const baseURL = inject('baseURL');
  const browser = browserPerFile();
  movePastAuthWindows(baseURL);

  /** Someone who finished (trial, role): /account is theirs (the funnel sends others back to it). */
  async function owner(phone: string) {
    const session = await signUpByApi(baseURL, { phone, email: workEmail('mfa') });
    await answerBusiness(baseURL, session, completeBusiness);
    expect(await checkLegitimacy(baseURL, session)).toBe('VALIDATED');
    await subscribe(baseURL, session);
    await api(baseURL, '/v1/onboarding/finish', { method: 'POST', token: session.access_token, body: {} });
    return session;
  }

  /** Signed out → /sign-in-otp by phone → the first code from the outbox. */
  async function firstStep(page: Page, lng: Lng, phone: string) {
    // The sign-up's text was less than a minute ago: the next one may go.
    await advanceServerClock(baseURL, 61);
    await signInByCode(page, baseURL, lng, { phone });
    await page.getByRole('heading', { name: localeText(lng, 'auth', 'mfa.title') }).waitFor();
  }

  async function signOutFromAccount(page: Page, lng: Lng) {
    await page.getByRole('main').getByRole('button', { name: localeText(lng, 'account', 'signOut') }).first().click();
    await page.waitForURL(`**/${lng}`);
  }

  it('authenticator app: enrol with the shown key, sign in again with the second step (a wrong code said), remove it (en, 1280 px)', async () => {
    const phone = frenchMobile().e164;
    const session = await owner(phone);
    const context = await newContext(browser(), baseURL);
    await signInContext(context, baseURL, session);
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    // Off, then set up: the QR code, the key, and the app's first code turn it on.
    await page.goto('/account');
    const card = page.getByRole('region', { name: localeText('en', 'account', 'twoStep.title') });
    await card.getByText(localeText('en', 'account', 'twoStep.off'), { exact: true }).waitFor();
    await card.getByRole('button', { name: localeText('en', 'account', 'twoStep.setUp') }).click();
    await card.getByRole('button', { name: localeText('en', 'account', 'twoStep.addApp') }).click();
    await card.getByRole('img', { name: localeText('en', 'account', 'twoStep.qrAlt') }).waitFor();
    const secret = (await card.locator('code[data-secret]').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'mfa-enrol-app-en-desktop');
    await card.getByLabel(localeText('en', 'auth', 'code.label')).fill(await totpAt(secret, await serverNow(baseURL)));
    await card.getByText(localeText('en', 'account', 'twoStep.on'), { exact: true }).waitFor();
    await card.getByRole('list', { name: localeText('en', 'account', 'twoStep.methods') }).getByText(localeText('en', 'account', 'twoStep.app')).waitFor();
    // Its first code lifted this session to aal2 (supabase-js's MFA_CHALLENGE_VERIFIED).
    expect(aalOf((await cookieSession(context)).access_token)).toBe('aal2');

    // Signed out and back in: the code by text is only the first step.
    await signOutFromAccount(page, 'en');
    await firstStep(page, 'en', phone);
    expect(aalOf((await cookieSession(context)).access_token)).toBe('aal1');
    // The second step's axe pass: the app's in the funnel test below, the texted one's on this page in the phone test (#40.3).
    await screenshot(page, 'mfa-second-step-en-desktop');

    // A wrong code is said in words, under the field, and nothing moves on.
    const step = page.getByRole('region', { name: localeText('en', 'auth', 'mfa.title') });
    const at = await serverNow(baseURL, 31);
    await step.getByLabel(localeText('en', 'auth', 'code.label')).fill(await wrongTotpAt(secret, at));
    await step.getByRole('alert').getByText(localeText('en', 'auth', 'mfa.errors.wrong_code')).waitFor();
    expect(page.url()).toContain('/en/sign-in-otp');

    // The right one (a later step than the enrolment's: each is accepted once) goes on at aal2.
    await step.getByLabel(localeText('en', 'auth', 'code.label')).fill(await totpAt(secret, at));
    await page.waitForURL((url) => url.pathname === '/account');
    expect(aalOf((await cookieSession(context)).access_token)).toBe('aal2');

    // Removed, confirmed in words first (on the account page the second step led to).
    await card.getByRole('button', { name: localeText('en', 'account', 'twoStep.manage') }).click();
    await card.getByRole('button', { name: new RegExp(`^${beforeValue(localeText('en', 'account', 'twoStep.remove'))}`) }).click();
    await card.getByRole('button', { name: localeText('en', 'account', 'twoStep.confirmRemove') }).click();
    await card.getByText(localeText('en', 'account', 'twoStep.off'), { exact: true }).waitFor();
    expect((await factorsOf(baseURL, context)).filter((factor) => factor.status === 'verified')).toEqual([]);
    expect(errors.filter((message) => !/status of 4\d\d/.test(message))).toEqual([]);
    await context.close();
  });

  it('phone: enrol with a texted code, then the second step texts the next one (fr, 375 px)', async () => {
    const phone = frenchMobile().e164;
    const session = await owner(phone);
    const context = await newContext(browser(), baseURL, { viewport: viewports.phone, locale: 'fr-FR' });
    await signInContext(context, baseURL, session);
    const page = await context.newPage();

    await page.goto('/account');
    const card = page.getByRole('region', { name: localeText('fr', 'account', 'twoStep.title') });
    await card.getByRole('button', { name: localeText('fr', 'account', 'twoStep.setUp') }).click();
    await card.getByRole('button', { name: localeText('fr', 'account', 'twoStep.addPhone') }).click();
    // A second number for the codes: the account's own works too, a separate one is the common case.
    const second = frenchMobile();
    await card.getByLabel(localeText('fr', 'account', 'twoStep.phoneLabel'), { exact: true }).fill(second.e164);
    await card.getByRole('button', { name: localeText('fr', 'account', 'twoStep.sendCode') }).click();
    const input = card.getByLabel(localeText('fr', 'auth', 'code.label'));
    await input.waitFor();
    await input.fill('000000' === (await codeFor(baseURL, second.e164)) ? '111111' : '000000');
    await card.getByRole('alert').getByText(localeText('fr', 'auth', 'mfa.errors.wrong_code')).waitFor();
    await input.fill(await codeFor(baseURL, second.e164));
    await card.getByText(localeText('fr', 'account', 'twoStep.on'), { exact: true }).waitFor();
    expect(aalOf((await cookieSession(context)).access_token)).toBe('aal2');

    await signOutFromAccount(page, 'fr');
    const texted = (await outbox(baseURL, second.e164)).length;
    await firstStep(page, 'fr', phone);
    const step = page.getByRole('region', { name: localeText('fr', 'auth', 'mfa.title') });
    await step.getByText(beforeValue(localeText('fr', 'auth', 'mfa.smsPrompt'))).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'mfa-second-step-sms-fr-phone');
    await step.getByLabel(localeText('fr', 'auth', 'code.label')).fill(await codeFor(baseURL, second.e164, texted));
    await page.waitForURL((url) => url.pathname === '/account');
    expect(aalOf((await cookieSession(context)).access_token)).toBe('aal2');
    await context.close();
  });

  it('the first factor alone opens nothing: the funnel shows the second step, the API refuses the aal1 token (en)', async () => {
    // Signed up (the funnel's next page is the company size), then an app set up through the API.
    const phone = frenchMobile().e164;
    const session = await signUpByApi(baseURL, { phone, email: workEmail('mfa-gate') });
    const secret = await enrolTotpByApi(baseURL, session.access_token);
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    // Signed in by the texted code only, then straight to a funnel page by its address.
    await firstStep(page, 'en', phone);
    await page.goto('/en/onboarding/steps/size');
    const step = page.getByRole('region', { name: localeText('en', 'auth', 'mfa.title') });
    await step.waitFor();
    expect(await page.getByRole('heading', { name: localeText('en', 'onboarding', 'size.title') }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The product API refuses the aal1 token; the auth service still answers it.
    const token = (await cookieSession(context)).access_token;
    expect(aalOf(token)).toBe('aal1');
    const refused = await fetch(new URL('/v1/user', baseURL), { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'insufficient_aal' });
    expect((await factorsOf(baseURL, context)).map((factor) => factor.status)).toEqual(['verified']);

    // The app's code (a later step than the enrolment's) lifts the session and the page follows.
    await step.getByLabel(localeText('en', 'auth', 'code.label')).fill(await totpAt(secret, await serverNow(baseURL, 31)));
    await page.getByRole('heading', { name: localeText('en', 'onboarding', 'size.title') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/en/onboarding/steps/size');
    expect(aalOf((await cookieSession(context)).access_token)).toBe('aal2');
    expect(errors.filter((message) => !/status of 4\d\d/.test(message))).toEqual([]);
    await context.close();
  });
});
