import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signInContext } from '../helpers/accounts';
import { newContext, viewports, watchPageErrors } from '../helpers/browser';
import { browserPerFile } from '../helpers/file-browser';
import { emailAccount } from './paths/accounts';

/**
 * A page opened with a session good for a while starts from the cookie and leaves supabase-js for
 * later (src/platform/session/session.ts): the person is signed in at once, and a sign-out in another
 * tab meanwhile is heard at once on the site's tabs channel, without supabase-js.
 */
describe('a session started from the cookie', () => {
  const baseURL = inject('baseURL');
  const browser = browserPerFile();

  /** The account page of a signed-in person: its own sign-out. */
  const signedInOn = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Sign out' }).waitFor();

  /** Whether the page has requested supabase-js's chunk so far. */
  function watchSupabaseChunk(page: Page): () => boolean {
    let requested = false;
    page.on('request', (request) => {
      if (/\/assets\/supabase-[^/]+\.js$/.test(new URL(request.url()).pathname)) requested = true;
    });
    return () => requested;
  }

  it('shows the account without loading supabase-js, and a sign-out in another tab signs this one out at once, saying so', async () => {
    const account = await emailAccount(baseURL, 'work');
    const context = await newContext(browser(), baseURL, { viewport: viewports.phone, locale: 'en-US' });
    await signInContext(context, baseURL, account.session);
    const first = await context.newPage();
    const errors = watchPageErrors(first);
    const supabaseLoaded = watchSupabaseChunk(first);
    await first.goto('/account');
    await signedInOn(first);
    // The page is idle (load, first render and idle callbacks done): still no supabase-js.
    await first.waitForLoadState('networkidle');
    expect(supabaseLoaded()).toBe(false);

    const second = await context.newPage();
    await second.goto('/account');
    await signedInOn(second);
    await second.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    // The one sign-out clears every cookie of the session (and takes the tab to the start page).
    await expect.poll(async () => (await context.cookies()).filter((cookie) => cookie.name.startsWith('sb-')).length).toBe(0);

    // The first tab, never focused again: the site's tabs channel told it at once (#26.4), without
    // supabase-js; the page says why it is signed out, and its header offers 'Sign in'.
    await first.getByRole('alert').filter({ hasText: 'You were signed out in another tab or window.' }).waitFor({ timeout: 5000 });
    await first.getByText('Sign in to see your subscription.').waitFor();
    await first.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(supabaseLoaded()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a token near its end is left to supabase-js, which loads after the first render and keeps the person signed in', async () => {
    const account = await emailAccount(baseURL, 'work');
    const context = await newContext(browser(), baseURL, { viewport: viewports.phone, locale: 'en-US' });
    await context.clock.install();
    await signInContext(context, baseURL, account.session);
    // 100 s before the token's end: inside the page's two minutes, inside supabase-js's 90 s soon.
    await context.clock.setSystemTime(((account.session.expires_at ?? 0) - 100) * 1000);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const supabaseLoaded = watchSupabaseChunk(page);
    const refreshed = page.waitForResponse((response) => response.url().includes('grant_type=refresh_token') && response.ok());
    await page.goto('/account');
    await signedInOn(page);
    expect(supabaseLoaded()).toBe(true);
    // supabase-js's own ticker refreshes it once within its 90 s margin.
    await context.clock.runFor(30_000);
    await refreshed;
    await signedInOn(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
