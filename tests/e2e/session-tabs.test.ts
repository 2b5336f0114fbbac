import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { codeFor, outbox, signInContext } from '../helpers/accounts';
import { newContext, screenshot, viewports, watchPageErrors } from '../helpers/browser';
import { browserPerFile } from '../helpers/file-browser';
import { emailAccount } from './paths/accounts';

/**
 * One session state for every tab of the browser (#26.4): a sign-out in one tab reaches the others
 * at once (the site's tabs channel, src/platform/session/tabs-channel.ts), which say why they are
 * signed out and offer to sign in again, rather than keeping the account menu until a check and
 * then failing a request with a 401; a sign-in in one tab gives the others' headers the account
 * menu. In English and French, on a phone and a desktop.
 */
const texts = {
  en: { account: 'Account', signOut: 'Sign out', signIn: 'Sign in', notice: 'You were signed out in another tab or window.', again: 'Sign in again' },
  fr: { account: 'Compte', signOut: 'Se déconnecter', signIn: 'Se connecter', notice: 'Vous avez été déconnecté dans un autre onglet ou une autre fenêtre.', again: 'Vous reconnecter' },
} as const;
type Lng = keyof typeof texts;

/** Signs out from the header's account menu. */
async function signOutFromHeader(page: Page, lng: Lng): Promise<void> {
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: texts[lng].account, exact: true }).click();
  await banner.getByRole('button', { name: texts[lng].signOut }).click();
}

describe('one session state for every tab', () => {
  const baseURL = inject('baseURL');
  const browser = browserPerFile();

  for (const lng of ['en', 'fr'] as const) {
    for (const [size, viewport] of [
      ['375', viewports.phone],
      ['1280', viewports.desktop],
    ] as const) {
      it(`${lng} ${size} px: a sign-out in one tab signs the other out at once, which says so and offers to sign in again`, async () => {
        const account = await emailAccount(baseURL, 'work');
        const context: BrowserContext = await newContext(browser(), baseURL, { viewport, locale: lng === 'fr' ? 'fr-FR' : 'en-US' });
        await signInContext(context, baseURL, account.session);
        const stays = await context.newPage();
        const errors = watchPageErrors(stays);
        await stays.goto(`/${lng}/demo`);
        await stays.getByRole('banner').getByRole('button', { name: texts[lng].account, exact: true }).waitFor();
        const leaves = await context.newPage();
        await leaves.goto(`/${lng}/demo`);
        await signOutFromHeader(leaves, lng);
        await leaves.getByRole('banner').getByRole('link', { name: texts[lng].signIn }).waitFor();

        // Not focused, no timer run: told by the other tab. The header and the page agree.
        const notice = stays.getByRole('alert').filter({ hasText: texts[lng].notice });
        await notice.waitFor({ timeout: 5000 });
        await stays.getByRole('banner').getByRole('link', { name: texts[lng].signIn }).waitFor();
        expect(await stays.getByRole('banner').getByRole('button', { name: texts[lng].account, exact: true }).count()).toBe(0);
        // The notice fits the narrow screen: nothing wider than the page.
        expect(await stays.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(stays, `session-ended-elsewhere-${lng}-${size}`);

        // Its link leads to the sign-in page.
        await notice.getByRole('link', { name: texts[lng].again }).click();
        await stays.waitForURL((url) => url.pathname === `/${lng}/sign-in-otp`);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it('a sign-in in one tab gives the other tab’s header the account menu at once, and the notice goes', async () => {
    const lng = 'en';
    const form = { email: 'Email', emailLabel: 'Email address', send: 'Send code', code: '6-digit code' };
    const account = await emailAccount(baseURL, 'work');
    const context = await newContext(browser(), baseURL, { viewport: viewports.desktop, locale: 'en-US' });
    await signInContext(context, baseURL, account.session);
    const watching = await context.newPage();
    const errors = watchPageErrors(watching);
    await watching.goto('/en/demo');
    const other = await context.newPage();
    await other.goto('/en/demo');
    await signOutFromHeader(other, lng);
    await watching.getByRole('alert').filter({ hasText: texts[lng].notice }).waitFor({ timeout: 5000 });

    // Signing in again by emailed code in the other tab.
    await other.goto('/en/sign-in-otp');
    await other.getByRole('button', { name: form.email, exact: true }).click();
    await other.getByLabel(form.emailLabel).fill(account.email);
    const before = (await outbox(baseURL, account.email)).length;
    await other.getByRole('button', { name: form.send }).click();
    await other.getByLabel(form.code).fill(await codeFor(baseURL, account.email, before));
    await other.getByRole('banner').getByRole('button', { name: texts[lng].account, exact: true }).waitFor();

    await watching.getByRole('banner').getByRole('button', { name: texts[lng].account, exact: true }).waitFor({ timeout: 5000 });
    expect(await watching.getByRole('alert').filter({ hasText: texts[lng].notice }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
