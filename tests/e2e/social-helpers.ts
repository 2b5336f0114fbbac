import type { Page } from 'playwright-core';

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
