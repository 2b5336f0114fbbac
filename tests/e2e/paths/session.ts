import type { BrowserContext } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { hasVerifiedFactor, isAal2, isSessionExpired, type AuthSession } from '../../../machines/session.machine';
import { decodeValue } from '../../../src/features/auth/cookie-storage';
import { codeFor, outbox, signInContext } from '../../helpers/accounts';
import { chartSteps } from '../../helpers/chart-model';
import { enrolTotpByApi, serverNow, totpAt } from '../../helpers/mfa';
import { aal1WithFactor, expired, NOW, sessionModel } from '../../unit/auth/session-model';
import { emailAccount, pathAccount, type PathAccount } from './accounts';
import { param, rolesByType, type ChartAdapter, type PathRun } from './adapter';

/**
 * The session chart (every page): what supabase-js reports. Most of it is not a person's doing: the
 * first session is read from the cookie, refreshes follow the token's clock, a refresh that fails
 * is the network's. A person causes the first session (signed in or not), signing in and out, the
 * tab shown again or focused, time passing (the page's clock, Playwright's `context.clock`), and
 * the second step: an authenticator app set up on /account (its first code lifts aal1 to aal2) or
 * its code given after signing in (secondStepDue to aal2), each code computed from the app's key at
 * the server's time.
 */

interface Scenario {
  /** Signed in by cookie before the page opens (the path starts with SIGNED_IN). */
  account: PathAccount | null;
  /** An account for each sign-in by code on /sign-in-otp (from signed out), in the path's order. */
  signIns: PathAccount[];
  /** The page's clock is installed (the path moves time). */
  clock: boolean;
  /** Each account's authenticator-app key, by email: set up by API before the path, or on the page by it. */
  secrets: Map<string, string>;
}

/** The account signed in at the event `index`: the last one signed in by code before it, else the cookie's. */
function accountAt(run: PathRun<Scenario>, index: number): PathAccount {
  const before = signInIndexes(run.path.events, run.snapshotBefore).filter((at) => at < index).length;
  const account = before === 0 ? run.scenario.account : run.scenario.signIns[before - 1];
  if (!account) throw new Error(`no account is signed in at event ${index}`);
  return account;
}

/**
 * The sign-in's second step (SecondStep on /sign-in-otp): the app's code at the server's time,
 * moved on by a TOTP step first (the key's enrolment used the current one; each is accepted once).
 */
async function answerSecondStep(run: PathRun<Scenario>, index: number): Promise<void> {
  const secret = run.scenario.secrets.get(accountAt(run, index).email);
  if (!secret) throw new Error('the account signed in has no authenticator app');
  const step = run.page.getByRole('region', { name: 'Confirm it’s you' });
  await step.getByLabel('6-digit code').fill(await totpAt(secret, await serverNow(run.baseURL, 31)));
}

/** Two-step verification set up on /account (reached by the header's menu): the QR code's key, then the app's first code. */
async function enrolApp(run: PathRun<Scenario>, index: number): Promise<void> {
  const page = run.page;
  if (new URL(page.url()).pathname !== '/account') {
    await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('banner').getByRole('link', { name: 'My account' }).click();
  }
  const card = page.getByRole('region', { name: 'Two-step verification' });
  await card.getByRole('button', { name: 'Set up two-step verification' }).click();
  await card.getByRole('button', { name: 'Add an authenticator app' }).click();
  const key = card.locator('code[data-secret]');
  await key.waitFor();
  const secret = (await key.getAttribute('data-secret')) ?? '';
  run.scenario.secrets.set(accountAt(run, index).email, secret);
  await card.getByLabel('6-digit code').fill(await totpAt(secret, await serverNow(run.baseURL)));
}

/** MFA_CHALLENGE_VERIFIED: the sign-in's second step when it is due, else (aal1) the first app set up. */
const mfaVerified = (run: PathRun<Scenario>, _event: AnyEventObject, index: number) =>
  run.snapshotBefore(index).matches({ signedIn: 'secondStepDue' }) ? answerSecondStep(run, index) : enrolApp(run, index);

/** Where a held session stands: aal2, aal1 with a second step due, or aal1. */
const level = (session: AuthSession) => (isAal2(session) ? 'aal2' : hasVerifiedFactor(session) ? 'due' : 'aal1');

/** The session supabase-js keeps in the cookie (chunked, `base64-` encoded: cookie-storage.ts). */
async function storedSession(context: BrowserContext): Promise<AuthSession> {
  const chunks = (await context.cookies())
    .filter((cookie) => /^sb-.*-auth-token(\.\d+)?$/.test(cookie.name))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const value = decodeValue(chunks.length === 1 ? chunks[0]!.value : chunks.map((cookie) => cookie.value).join(''));
  if (!value) throw new Error('no session in the cookie');
  return JSON.parse(value) as AuthSession;
}

/**
 * Time passing up to 45 s before the token ends: supabase-js's auto-refresh tick (every 30 s) then
 * refreshes it (TOKEN_REFRESHED). `thenExpired`: the page's clock then moves past the new token's
 * life too (a token the chart deems expired, as its model's expired fixture); otherwise it goes
 * back to the server's time, so the new token is good for an hour on the page.
 */
async function refresh(run: PathRun<Scenario>, thenExpired: boolean): Promise<void> {
  const session = await storedSession(run.context);
  const refreshed = run.page.waitForResponse((response) => response.url().includes('grant_type=refresh_token') && response.ok());
  await run.context.clock.setSystemTime((session.expires_at ?? 0) * 1000 - 45_000);
  await run.context.clock.runFor(30_000);
  const next = (await (await refreshed).json()) as AuthSession;
  await run.context.clock.setSystemTime(thenExpired ? (next.expires_at ?? 0) * 1000 + 60_000 : Date.now());
}

/**
 * Signing in by emailed code on /sign-in-otp (reached by the header's link when not there), with an
 * account of its own each time (a second code for one address within a minute is refused).
 */
async function signInByCode(run: PathRun<Scenario>, index: number): Promise<void> {
  const account = run.scenario.signIns[signInIndexes(run.path.events, run.snapshotBefore).indexOf(index)]!;
  const page = run.page;
  const send = page.getByRole('button', { name: 'Send code' });
  // The start page has a 'Send code' of its own (the sign-up's): the address tells the pages apart.
  if (!new URL(page.url()).pathname.endsWith('/sign-in-otp')) {
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/sign-in-otp'));
  }
  await send.waitFor();
  const field = page.getByLabel('Email address');
  if (!(await field.isVisible())) await page.getByRole('button', { name: 'Email', exact: true }).click();
  await field.fill(account.email);
  const before = (await outbox(run.baseURL, account.email)).length;
  await send.click();
  const input = page.getByLabel('6-digit code');
  await input.waitFor();
  await input.fill(await codeFor(run.baseURL, account.email, before));
}

/** The indexes of the path's sign-ins from signed out (each by code, each with its own account). */
const signInIndexes = (events: readonly AnyEventObject[], snapshotBefore: (index: number) => AnyMachineSnapshot) =>
  events.flatMap((event, index) => (event.type === 'SIGNED_IN' && snapshotBefore(index).matches('signedOut') ? [index] : []));

/** The page's own 'Sign out' (the account page's), else the header's account menu (any other page). */
async function signOut(run: PathRun<Scenario>): Promise<void> {
  // The second step's own way out.
  const another = run.page.getByRole('button', { name: 'Sign in with another account' });
  if (await another.isVisible()) return another.click();
  const inPage = run.page.getByRole('main').getByRole('button', { name: 'Sign out' }).first();
  if (await inPage.isVisible()) return inPage.click();
  await run.page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
  await run.page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
}

const roles = rolesByType<Scenario>({
  INITIAL_SESSION: { role: 'answer' },
  SIGNED_IN: { role: 'user', act: (run, _event, index) => signInByCode(run, index) },
  SIGNED_OUT: { role: 'user', act: signOut },
  TOKEN_REFRESHED: { role: 'later', act: (run, event) => refresh(run, param<AuthSession>(event, 'session') === expired) },
  MFA_CHALLENGE_VERIFIED: { role: 'user', act: mfaVerified },
  // The tab taking the focus: the SPA checks the session then (and every 30 s).
  'session.check': { role: 'user', act: (run) => run.page.evaluate(() => void window.dispatchEvent(new Event('focus'))) },
  'xstate.done.actor.refresh': {
    role: 'unreachable',
    why: 'supabase-js reports TOKEN_REFRESHED (which ends refreshing) before its refreshSession() resolves',
  },
  // Neither failure reaches the chart's actor in the browser: supabase-js retries a refresh that
  // failed on the network itself (200 ms doubling, up to 30 s: a one-shot failure is followed by a
  // refresh that works, TOKEN_REFRESHED), and on a refused one with an expired token removes the
  // session and reports SIGNED_OUT before its refreshSession() rejects.
  'xstate.error.actor.refresh': {
    role: 'unreachable',
    why: 'supabase-js retries a refresh failing on the network for 30 s before refreshSession() rejects, and reports SIGNED_OUT first for a refused one',
  },
  'xstate.after.retryDelay.session.waitingToRetry': { role: 'unreachable', why: 'only after a refresh that failed on the network for 30 s (supabase-js retries it first)' },
  'xstate.done.actor.clear': { role: 'unreachable', why: 'only after refreshSession() rejects as refused, which supabase-js reports as SIGNED_OUT first' },
  'xstate.error.actor.clear': { role: 'unreachable', why: 'the cookie storage failing' },
});

/** The model's stored session has expired (its clock stands still at NOW); on the page, by the page's clock. */
const holdsExpired = (snapshot: AnyMachineSnapshot) => {
  const session = (snapshot.context as { session: AuthSession | null }).session;
  return session !== null && isSessionExpired(session, NOW);
};

export const sessionAdapter: ChartAdapter<Scenario> = {
  chart: 'session',
  title: 'session',
  model: sessionModel,
  roleOf: (event, snapshot) => {
    const loading = snapshot ? snapshot.matches('loading') : false;
    // Seen in Chromium: with a session in the cookie, supabase-js reports SIGNED_IN before INITIAL_SESSION.
    if (event.type === 'SIGNED_IN' && loading) return { role: 'answer' };
    // Signed in already: the tab shown again (supabase-js reads the stored session back and reports
    // it). The event as the browser fires it: at the document, bubbling (supabase-js listens on window).
    if (event.type === 'SIGNED_IN' && snapshot?.matches('signedIn')) {
      return { role: 'user', act: (run) => run.page.evaluate(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))) };
    }
    // The refresh a focus started (refreshing) answers promptly.
    if (event.type === 'TOKEN_REFRESHED' && snapshot?.matches('refreshing')) return { role: 'answer' };
    if (event.type !== 'INITIAL_SESSION') return roles(event);
    if (param<unknown>(event, 'session') !== null && loading && snapshot) return { role: 'unreachable', why: 'with a session in the cookie supabase-js reports SIGNED_IN first (seen in Chromium)' };
    if (param<unknown>(event, 'session') === expired) return { role: 'unreachable', why: 'supabase-js refreshes an expired stored session before it reports the first one' };
    if (snapshot && !snapshot.matches('loading')) return { role: 'unreachable', why: 'a second auth client reporting its first session late (the SPA runs one)' };
    // The auth client's answer once it has read the cookie: signed in or not, as the path starts.
    return { role: 'answer' };
  },
  allow: (snapshot, event) => {
    const held = (snapshot.context as { session: AuthSession | null }).session;
    const next = param<AuthSession | null | undefined>(event, 'session');
    // The model's fixtures carry one level each; the server's next session keeps the held one's
    // (a refresh or the tab shown again does not change aal2 or a second step due): only those.
    if (held && next && event.type !== 'MFA_CHALLENGE_VERIFIED' && !snapshot.matches('signedOut') && level(held) !== level(next)) return false;
    // A cookie holding an aal1 session of an account with a verified app is made only by signing
    // in again after setting it up (which ends the other aal1 sessions), a second code within the
    // address's 60 s: the same transition (loading → signedIn) is taken with an aal1 session, and
    // secondStepDue is reached by signing in by code.
    if (snapshot.matches('loading') && next === aal1WithFactor) return false;
    // Past the token's life on the page, its checks (focus, and the SPA's own every 30 s) refresh it
    // at once: nothing else is done there, or the 30 s check could come first.
    if (snapshot.matches('signedIn') && holdsExpired(snapshot)) return event.type === 'session.check';
    // The page's clock stays past the server's: what a refresh brings is already expired there.
    if (snapshot.matches('refreshing') && event.type === 'TOKEN_REFRESHED') return param<AuthSession>(event, 'session') === expired;
    return true;
  },
  notes: {
    'session.signedOut|INITIAL_SESSION|0': 'a second auth client reporting its first session late (the SPA runs one)',
    'session.loading|SIGNED_OUT|0': 'the auth client reports the cookie’s session (INITIAL_SESSION) before anyone can sign out',
  },
  prepare: async (path, baseURL) => {
    // The first answer: SIGNED_IN (a session in the cookie) or INITIAL_SESSION without one.
    const signedIn = path.events[0]?.type === 'SIGNED_IN';
    const { snapshots } = chartSteps(sessionModel, path);
    const signIns = signInIndexes(path.events, (index) => snapshots[index]!);
    const secrets = new Map<string, string>();
    const accounts = await Promise.all(
      signIns.map(async (at) => {
        const made = await emailAccount(baseURL, 'work');
        // Signing in with a verified app (SIGNED_IN carrying a second step due): set up by API first.
        if (param<AuthSession>(path.events[at]!, 'session') === aal1WithFactor) secrets.set(made.email, await enrolTotpByApi(baseURL, made.session.access_token));
        return made;
      }),
    );
    return {
      account: signedIn ? await pathAccount(baseURL, { email: 'work', check: false }) : null,
      signIns: accounts,
      clock: path.events.some((event) => event.type === 'TOKEN_REFRESHED' || event.type === 'session.check'),
      secrets,
    };
  },
  open: async (run) => {
    // Installed before the page loads, running at the real time until a path moves it.
    if (run.scenario.clock) await run.context.clock.install();
    if (run.scenario.account) await signInContext(run.context, run.baseURL, run.scenario.account.session);
    // Signed in: the account page (its sign-out); else the sign-in page (the prerendered start page
    // runs the app only once painted, so its header's link may still be a plain one).
    await run.page.goto(run.scenario.account ? '/account' : '/en/sign-in-otp');
  },
};
