import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { answerBusiness, checkLegitimacy, completeBusiness, frenchMobile, signInContext, signUpByApi, workEmail, type Session } from './accounts';
import { newContext, viewports, watchPageErrors } from './browser';
import type { Lng } from './locale-text';

/**
 * A person who has answered the questionnaire and been through the identity check, and a browser
 * page signed in as them: where the paywall, refused-check and success-page tests start.
 */

/** en at 1280 px and fr at 375 px: the two corners a browser test of one behaviour covers. */
export const bothCorners = [
  ['en', viewports.desktop],
  ['fr', viewports.phone],
] as const;

/**
 * Signed up through the API, the business answered (complete unless `business` says otherwise) and
 * the identity check run, which must end at `kyc` (VALIDATED unless said).
 */
export async function checkedPerson(
  baseURL: string,
  { email = workEmail('checked'), business = completeBusiness, kyc = 'VALIDATED' }: { email?: string; business?: Record<string, string>; kyc?: string } = {},
): Promise<Session> {
  const session = await signUpByApi(baseURL, { phone: frenchMobile().e164, email });
  await answerBusiness(baseURL, session, business);
  expect(await checkLegitimacy(baseURL, session)).toBe(kyc);
  return session;
}

/** A new context signed in as `session` (none: signed out) in `lng` at `viewport`, its page, and the page's errors. */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  session: Session | null,
  { lng = 'en', viewport = viewports.desktop }: { lng?: Lng; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, baseURL, { viewport, locale: lng === 'fr' ? 'fr-FR' : 'en-US' });
  if (session) await signInContext(context, baseURL, session);
  const page = await context.newPage();
  return { context, page, errors: watchPageErrors(page) };
}
