import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { advanceServerClock, codeFor, outbox } from './accounts';
import { appRendered } from './browser';
import { localeText, type Lng } from './locale-text';

/**
 * For a browser test file that signs up and in many times from one address: the auth service's
 * per-address windows (30 codes per 5 minutes) are moved past on the server's clock before and
 * after its tests, so the file neither inherits nor leaves a spent budget (no real wait). Call it
 * in the file's describe block.
 */
export function movePastAuthWindows(baseURL: string): void {
  beforeAll(() => advanceServerClock(baseURL, 301));
  afterAll(() => advanceServerClock(baseURL, 301));
}

/** Signs in on /<lng>/sign-in-otp by a code to a phone or an email, typed from the dev outbox. */
export async function signInByCode(page: Page, baseURL: string, lng: Lng, recipient: { phone: string } | { email: string }): Promise<void> {
  const address = 'phone' in recipient ? recipient.phone : recipient.email;
  const sent = (await outbox(baseURL, address)).length;
  await page.goto(`/${lng}/sign-in-otp?${new URLSearchParams(recipient)}`);
  await appRendered(page); // a prerendered page: its Send button is the app's once it has rendered
  await page.getByRole('button', { name: localeText(lng, 'auth', 'signIn.send') }).click();
  const input = page.getByLabel(localeText(lng, 'auth', 'code.label'));
  await input.waitFor();
  await input.fill(await codeFor(baseURL, address, sent));
}
