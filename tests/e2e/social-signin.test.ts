import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { User } from '../../core/contracts/user';
import { api, codeFor, cookieSession, frenchMobile, outbox, workEmail } from '../helpers/accounts';
import { newContext, viewports } from '../helpers/browser';
import { sharedBrowser } from '../helpers/file-browser';
import { localeText } from '../helpers/locale-text';
import { atDevProvider, DEV_PROVIDER_LABEL, watchFailures } from './social-helpers';

/**
 * Social sign-in in the browser (#35) against the real server and its dev identity provider
 * (custom:ringwise-dev, a real oidc-provider): the SPA's unmodified supabase-js signInWithOAuth in
 * PKCE mode, from the start page, the email form and the sign-in page.
 */
describe('social sign-in through the dev identity provider', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => browser.close());

  it('en, 375 px: new through the provider → verify-phone with names and email from the claims; back with the same provider, where they left off', { timeout: 120_000 }, async () => {
    const context = await newContext(browser, baseURL, { viewport: viewports.phone });
    const page = await context.newPage();
    const { errors, failed } = watchFailures(page, baseURL);
    const email = workEmail('social-new');
    try {
      await page.goto('/en?utm_source=social-e2e');
      // Only the enabled provider: the dev one, none of Google, Microsoft, Apple.
      const button = page.getByRole('button', { name: `Continue with ${DEV_PROVIDER_LABEL}` });
      await button.click();
      expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
      await atDevProvider(page, baseURL, { email, name: 'Ada Lovelace', verified: true });
      await page.waitForURL((url) => url.pathname === '/en/onboarding/steps/verify-phone', { timeout: 30_000 });

      const token = (await cookieSession(context)).access_token;
      const user = await api<User>(baseURL, '/v1/user', { token });
      expect(user.profile).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', email, email_verified: true, phone_verified: false });
      expect(user.data).toMatchObject({ landing_page: 'start', utm_source: 'social-e2e' });

      // The phone is still proven by code.
      const phone = frenchMobile();
      await page.getByLabel(localeText('en', 'onboarding', 'verifyPhone.phoneLabel'), { exact: true }).fill(phone.e164);
      const before = (await outbox(baseURL, phone.e164)).length;
      await page.getByRole('button', { name: localeText('en', 'onboarding', 'verifyPhone.send') }).click();
      await page.getByLabel(localeText('en', 'auth', 'code.label')).fill(await codeFor(baseURL, phone.e164, before));
      await page.waitForURL((url) => url.pathname === '/en/onboarding/steps/size', { timeout: 30_000 });

      // Signed out, then back with the same provider from the sign-in page: the size step again.
      await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/en');
      await page.goto('/en/sign-in-otp');
      await page.getByRole('button', { name: `Continue with ${DEV_PROVIDER_LABEL}` }).click();
      await atDevProvider(page, baseURL, { email, name: 'Ada Lovelace', verified: true });
      await page.waitForURL((url) => url.pathname === '/en/onboarding/steps/size', { timeout: 30_000 });
      const again = await api<User>(baseURL, '/v1/user', { token: (await cookieSession(context)).access_token });
      expect(again.id).toBe(user.id);
      expect(errors).toEqual([]);
      expect(failed()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // The implicit-looking address runs here, in French, first (#40.3: it had an English browser of its own).
  it('fr, 1280 px: an implicit-looking address on the PKCE client, after leaving for a provider, says so in words; a cancel at the provider said in French; from the email form with an unverified provider email, the claimed email and names prefilled', { timeout: 90_000 }, async () => {
    const context = await newContext(browser, baseURL, { locale: 'fr-FR' });
    const page = await context.newPage();
    const { errors, failed } = watchFailures(page, baseURL);
    const email = workEmail('social-fr');
    try {
      // An implicit-looking address on the PKCE client, after leaving for a provider: said in words.
      await page.goto('/fr/email-form');
      await page.evaluate((label) => sessionStorage.setItem('ringwise.social.provider', label), DEV_PROVIDER_LABEL);
      await page.goto('/fr/sign-in-otp#access_token=x&expires_in=3600&refresh_token=y&token_type=bearer');
      await page.getByRole('alert').filter({ hasText: localeText('fr', 'social', 'errors.incomplete').replace('{{provider}}', DEV_PROVIDER_LABEL) }).waitFor();

      // From that same sign-in page, a cancel at the provider (which then holds no login of this browser yet).
      await page.getByRole('button', { name: `Continuer avec ${DEV_PROVIDER_LABEL}` }).click();
      await atDevProvider(page, baseURL, 'cancel');
      await page.waitForURL((url) => url.pathname === '/fr/sign-in-otp');
      await page.getByRole('alert').filter({ hasText: `La connexion avec ${DEV_PROVIDER_LABEL} n’a pas abouti` }).waitFor();
      await page.goto('/fr/email-form');
      await page.getByRole('button', { name: `Continuer avec ${DEV_PROVIDER_LABEL}` }).click();
      await atDevProvider(page, baseURL, { email, name: 'Grace Brewster Hopper', verified: false });
      await page.waitForURL((url) => url.pathname === '/fr/onboarding/steps/verify-phone', { timeout: 30_000 });
      const user = await api<User>(baseURL, '/v1/user', { token: (await cookieSession(context)).access_token });
      // Unverified at the provider: the account has no email, the profile keeps the claimed one to prove.
      expect(user.profile).toMatchObject({ first_name: 'Grace', last_name: 'Brewster Hopper', email, email_verified: false });
      expect(user.data).toMatchObject({ landing_page: 'email-form' });

      expect(errors).toEqual([]);
      expect(failed()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
