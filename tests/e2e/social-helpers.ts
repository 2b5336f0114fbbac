import type { Page } from 'playwright-core';

/**
 * The page's failed requests (status 400 and up) by address, and its console errors other than the
 * browser's "Failed to load resource" lines (which name no address: the list above says which).
 */
export function watchFailures(page: Page, baseURL: string): { errors: string[]; failed: () => string[] } {
  const errors: string[] = [];
  const failed: string[] = [];
  const ours = new URL(baseURL).origin;
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() < 400) return;
    const url = new URL(response.url());
    // The dev identity provider's page asks for a favicon it does not have.
    if (url.origin !== ours && url.pathname === '/favicon.ico') return;
    failed.push(`${response.status()} ${response.request().method()} ${url.origin === ours ? url.pathname : url.href}`);
  });
  return { errors, failed: () => failed };
}

/** The dev identity provider's display name as the buttons show it (custom:ringwise-dev, no label). */
export const DEV_PROVIDER_LABEL = 'Ringwise Dev';

/**
 * At the dev identity provider (server/dev/identity-provider-page.ts, docs/auth.md): signs in as
 * the given account through its form, or cancels. A provider that still holds a login from before
 * in this browser may send the person straight back: then there is nothing to do.
 */
export async function atDevProvider(page: Page, baseURL: string, who: { email: string; name: string; verified: boolean } | 'cancel'): Promise<void> {
  const ours = new URL(baseURL).origin;
  await page.waitForURL((url) => url.origin !== ours || url.searchParams.has('code') || url.hash.includes('access_token'), { timeout: 30_000 });
  if (new URL(page.url()).origin === ours) return;
  if (who === 'cancel') {
    await page.getByTestId('dev-idp-cancel').click();
    return;
  }
  await page.getByTestId('dev-idp-email').fill(who.email);
  await page.getByTestId('dev-idp-name').fill(who.name);
  if (who.verified) await page.getByTestId('dev-idp-verified').check();
  await page.getByTestId('dev-idp-custom-submit').click();
}
