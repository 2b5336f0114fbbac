import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInContext, workEmail } from '../helpers/accounts';
import { newContext, viewports } from '../helpers/browser';
import { sharedBrowser } from '../helpers/file-browser';
import { localeText } from '../helpers/locale-text';
import { roomyLimits } from '../helpers/roomy-limits';
import { startBuiltServer, type RunningServer } from '../helpers/server-process';
import { emailAccount } from './paths/accounts';
import { atDevProvider, DEV_PROVIDER_LABEL, watchFailures } from './social-helpers';
import { migratedDataDir } from '../helpers/migrated-data-dir';

const say = (key: string, provider = DEV_PROVIDER_LABEL) => localeText('en', 'social', `waysIn.${key}`).replaceAll('{{provider}}', provider);

/**
 * The account page's ways in with manual linking on (#35): a server of its own with
 * SECURITY_MANUAL_LINKING_ENABLED (the shared one keeps GoTrue's default, off), the same build.
 */
describe('ways to sign in on the account page, manual linking on', () => {
  let server: RunningServer;
  let dataDir: string;
  let browser: Browser;
  beforeAll(async () => {
    dataDir = await migratedDataDir('e2e-linking-');
    [server, browser] = await Promise.all([
      startBuiltServer({ DATA_DIR: dataDir, NODE_ENV: 'development', SECURITY_MANUAL_LINKING_ENABLED: 'true', TRUSTED_PROXIES: '127.0.0.1,::1', ...roomyLimits }),
      sharedBrowser(),
    ]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('en, 375 px: links the provider with linkIdentity, removes it with unlinkIdentity, and the last way in is refused in words', { timeout: 120_000 }, async () => {
    const account = await emailAccount(server.url, 'work');
    const context = await newContext(browser, server.url, { viewport: viewports.phone });
    await signInContext(context, server.url, account.session);
    const page = await context.newPage();
    const { errors, failed } = watchFailures(page, server.url);
    try {
      await page.goto('/account');
      const card = page.getByRole('region', { name: say('title') });
      await card.getByText(account.email).waitFor();
      await card.getByRole('button', { name: say('link') }).click();
      await atDevProvider(page, server.url, { email: workEmail('social-link'), name: 'Lin Ked', verified: true });
      await page.waitForURL((url) => url.pathname === '/account', { timeout: 30_000 });
      await card.getByText(say('linked')).waitFor();
      await card.locator('li[data-provider="custom:ringwise-dev"]').waitFor();

      await card.getByRole('button', { name: say('unlinkLabel') }).click();
      await card.getByText(say('unlinked')).waitFor();
      await expect.poll(() => card.locator('li[data-provider="custom:ringwise-dev"]').count()).toBe(0);

      // The email is now the only way in: GoTrue's single_identity_not_deletable, said in words.
      await card.getByRole('button', { name: say('unlinkLabel', say('email')) }).click();
      await card.getByText(say('errors.single_identity_not_deletable')).waitFor();
      expect(await card.locator('li[data-provider="email"]').count()).toBe(1);
      expect(errors).toEqual([]);
      // The one refusal is the auth service's answer to removing the last way in.
      expect(failed()).toEqual([expect.stringMatching(/^422 DELETE \/auth\/v1\/user\/identities\//)]);
    } finally {
      await context.close();
    }
  });
});
