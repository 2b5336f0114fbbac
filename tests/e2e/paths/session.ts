import type { BrowserContext, Request } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { RetryableRefreshError } from '../../../machines/session.actors';
import { hasVerifiedFactor, isAal2, isSessionExpired, MAX_REFRESH_RETRIES, REFRESH_BASE_DELAY_MS, type AuthSession } from '../../../machines/session.machine';
import { decodeValue } from '../../../src/platform/session/cookie-storage';
import { api, codeFor, outbox, signInContext } from '../../helpers/accounts';
import { chartSteps } from '../../helpers/chart-model';
import { enrolTotpByApi, serverNow, totpAt } from '../../helpers/mfa';
import { aal1WithFactor, expired, NOW, sessionModel } from '../../unit/auth/session-model';
import { emailAccount, pathAccount, type PathAccount } from './accounts';
import { failEvery, networkFailure, param, rolesByType, type ArmedFailure, type ChartAdapter, type EventRole, type PathRun } from './adapter';

/**
 * The session chart (every page): what supabase-js reports. Most of it is not a person's doing: the
 * first session is read from the cookie, refreshes follow the token's clock, a refresh that fails
 * is the network's. A person causes the first session (signed in or not), signing in and out, the
 * tab shown again or focused, time passing (the page's clock, Playwright's `context.clock`), and
 * signing out in another tab of the same browser (this page says so: signedOut.endedElsewhere), and
 * the second step: an authenticator app set up on /account (its first code lifts aal1 to aal2) or
 * its code given after signing in (secondStepDue to aal2), each code computed from the app's key at
 * the server's time. Two things befall a person whose token runs out: their sessions were ended
 * elsewhere (a sign-out everywhere from another device: the refresh is refused), or their network
 * is down (every refresh fails until the page gives up and removes the session).
 */

interface Scenario {
  /** Signed in by cookie before the page opens (the path starts with SIGNED_IN, or INITIAL_SESSION with a session). */
  account: PathAccount | null;
  /**
   * The cookie's token opened near its expiry (the path starts with SIGNED_IN): the page does not
   * start from it, supabase-js loads after the first render and reports it (SIGNED_IN first).
   */
  nearExpiry: boolean;
  /** An account for each sign-in by code on /sign-in-otp (from signed out), in the path's order. */
  signIns: PathAccount[];
  /** The page's clock is installed (the path moves time). */
  clock: boolean;
  /** Each account's authenticator-app key, by email: set up by API before the path, or on the page by it. */
  secrets: Map<string, string>;
  /** The network down for the auth service's refreshes (from a refresh that fails until the page gives up). */
  offline?: ArmedFailure | undefined;
  /** The page's refresh requests: how many are under way, and when that last changed (open() counts them). */
  refreshes: { inFlight: number; changedAt: number };
}

const isRefreshRequest = (request: Request) => request.url().includes('grant_type=refresh_token');

/** Counts the page's refresh requests as they start and end. */
function countRefreshes(run: PathRun<Scenario>): void {
  const change = (by: number) => (request: Request) => {
    if (!isRefreshRequest(request)) return;
    run.scenario.refreshes.inFlight += by;
    run.scenario.refreshes.changedAt = Date.now();
  };
  run.page.on('request', change(1));
  run.page.on('requestfinished', change(-1));
  run.page.on('requestfailed', change(-1));
}

/**
 * Until no refresh is under way and none began for half a second: supabase-js, loaded as the token
 * nears its end, may send two at once (its recovery of the stored session and its ticker's), and
 * the second's answer must not come after the network has gone down for the next step.
 */
async function refreshesSettled(run: PathRun<Scenario>): Promise<void> {
  const { refreshes } = run.scenario;
  for (let waited = 0; refreshes.inFlight > 0 || Date.now() - refreshes.changedAt < 500; waited += 50) {
    if (waited > 15_000) throw new Error(`refreshes still under way after 15 s (${refreshes.inFlight})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
async function refresh(run: PathRun<Scenario>, thenExpired: boolean, index: number): Promise<void> {
  await networkBack(run);
  const session = await storedSession(run.context);
  const refreshed = run.page.waitForResponse((response) => response.url().includes('grant_type=refresh_token') && response.ok());
  await run.context.clock.setSystemTime((session.expires_at ?? 0) * 1000 - 45_000);
  await run.context.clock.runFor(30_000);
  const next = (await (await refreshed).json()) as AuthSession;
  await refreshesSettled(run);
  // The check after this is to meet the network down: it goes down before the token is past its
  // life on the page, so no refresh the page starts by itself from then on (a busy page refreshes
  // at each request once the token is past) can still succeed when the check comes.
  if (thenExpired && run.path.events[index + 2]?.type === 'xstate.error.actor.refresh') await goOffline(run);
  await run.context.clock.setSystemTime(thenExpired ? (next.expires_at ?? 0) * 1000 + 60_000 : Date.now());
}

/**
 * Signing in by emailed code on /sign-in-otp (reached by the header's link when not there), with an
 * account of its own each time (a second code for one address within a minute is refused).
 */
async function signInByCode(run: PathRun<Scenario>, index: number): Promise<void> {
  await networkBack(run);
  // The page's clock back at the server's time (a path may have moved it past a token's life).
  if (run.scenario.clock) await run.context.clock.setSystemTime(Date.now());
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

/**
 * Another tab of the same browser (the path's context, its cookie) signs out from its header's
 * account menu: the path's page learns it at once (session.endedElsewhere), by the site's tabs
 * channel (supabase-js not loaded there) or by supabase-js's own. Its chart states are not logged.
 */
async function signOutInAnotherTab(run: PathRun<Scenario>): Promise<void> {
  const other = await run.context.newPage();
  try {
    await other.addInitScript(() => void ((window as unknown as { __ringwiseOtherTab: boolean }).__ringwiseOtherTab = true));
    await other.goto('/account');
    const banner = other.getByRole('banner');
    await banner.getByRole('button', { name: 'Account', exact: true }).click();
    await banner.getByRole('button', { name: 'Sign out' }).click();
    await banner.getByRole('link', { name: 'Sign in' }).waitFor();
  } finally {
    await other.close();
  }
}

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

/** The network down for the auth service's refreshes: each one fails (the connection) until it is back. */
async function goOffline(run: PathRun<Scenario>): Promise<ArmedFailure> {
  run.scenario.offline ??= await failEvery(run, { url: /\/auth\/v1\/token\?grant_type=refresh_token/, method: 'POST' }, networkFailure);
  return run.scenario.offline;
}

/** The network is back: the refreshes the path made fail reach the auth service again. */
async function networkBack(run: PathRun<Scenario>): Promise<void> {
  await run.scenario.offline?.disarm();
  run.scenario.offline = undefined;
}

/** The retries the chart has made (its context). */
const retriesOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { retries: number }).retries;

/**
 * The tab taking the focus: the SPA checks the session then (and every 30 s). When the refresh it
 * starts is to be refused, the person's sessions were ended elsewhere first: a sign-out everywhere
 * from another device (POST /auth/v1/logout?scope=global: the server deletes them all), while the
 * token is still good at the server's time.
 */
async function focus(run: PathRun<Scenario>, index: number): Promise<void> {
  // A page whose token is past its life refreshes at each request it makes: a refresh started before
  // the network went down could still succeed, so the network must be down already (refresh()).
  const offline = run.answersAfter(index).some((event) => event.type === 'xstate.error.actor.refresh');
  if (offline && !run.scenario.offline) throw new Error('the network must go down as the page’s clock is moved past the token’s life (a TOKEN_REFRESHED before this check)');
  if (run.answersAfter(index).some((event) => event.type === 'SIGNED_OUT')) {
    const session = await storedSession(run.context);
    const config = await api<{ auth: { publishableKey: string } }>(run.baseURL, '/config.json');
    const ended = await fetch(new URL('/auth/v1/logout?scope=global', run.baseURL), {
      method: 'POST',
      headers: { apikey: config.auth.publishableKey, authorization: `Bearer ${session.access_token}` },
    });
    if (!ended.ok) throw new Error(`POST /auth/v1/logout?scope=global → ${ended.status} ${await ended.text()}`);
  }
  await run.page.evaluate(() => void window.dispatchEvent(new Event('focus')));
}

/**
 * A refresh failing on the network (the chart's RetryableRefreshError). The first of a row: the
 * network goes down for the auth service's refreshes (every one fails until a later step brings it
 * back), and the page's clock runs 31 s: supabase-js retries a refresh that failed on the network
 * by itself (200 ms, doubling) while it can within 30 s, then its refreshSession() gives the error
 * to the chart. The next ones (the chart's retries, refreshing again after waitingToRetry) are
 * supabase-js answering at once with that failure, which it keeps for 60 s (REFRESH_FAILURE_COOLDOWN_MS):
 * no request is made, the network is still down.
 */
const offlineRefresh: EventRole<Scenario> = {
  role: 'failure',
  why: 'the network down as the token is refreshed (the auth service unreachable)',
  arm: goOffline,
  elapse: async (run, _event, index) => {
    if (retriesOf(run.snapshotBefore(index)) === 0) await run.context.clock.runFor(31_000);
  },
};

const roles = rolesByType<Scenario>({
  INITIAL_SESSION: { role: 'answer' },
  SIGNED_IN: { role: 'user', act: (run, _event, index) => signInByCode(run, index) },
  SIGNED_OUT: { role: 'user', act: signOut },
  TOKEN_REFRESHED: { role: 'later', act: (run, event, index) => refresh(run, param<AuthSession>(event, 'session') === expired, index) },
  MFA_CHALLENGE_VERIFIED: { role: 'user', act: mfaVerified },
  'session.check': { role: 'user', act: (run, _event, index) => focus(run, index) },
  'session.endedElsewhere': { role: 'user', act: signOutInAnotherTab },
  'xstate.done.actor.refresh': {
    role: 'unreachable',
    why: 'supabase-js reports TOKEN_REFRESHED (which ends refreshing) before its refreshSession() resolves',
  },
  // A refused refresh (sessions ended elsewhere) never reaches the chart's actor: with the token
  // expired supabase-js removes the session and reports SIGNED_OUT before its refreshSession()
  // rejects (refreshing → signedOut by SIGNED_OUT). One failing on the network does, once
  // supabase-js's own retries are over.
  'xstate.error.actor.refresh': (event) =>
    (event as { error?: unknown }).error instanceof RetryableRefreshError
      ? offlineRefresh
      : { role: 'unreachable', why: 'a refused refresh: supabase-js removes the session and reports SIGNED_OUT before refreshSession() rejects' },
  // The chart's retry delay (200 ms doubling): the page's clock is run by it.
  'xstate.after.retryDelay.session.waitingToRetry': {
    role: 'later',
    act: (run, _event, index) => run.context.clock.runFor(REFRESH_BASE_DELAY_MS * 2 ** (retriesOf(run.snapshotBefore(index)) - 1)),
  },
  // The session's cookies cleared after the last retry (offline, supabase-js's signOut() removes nothing).
  'xstate.done.actor.clear': { role: 'answer' },
  'xstate.error.actor.clear': { role: 'unreachable', why: 'the cookie storage failing' },
});

/** The model's stored session has expired (its clock stands still at NOW); on the page, by the page's clock. */
const holdsExpired = (snapshot: AnyMachineSnapshot) => {
  const session = (snapshot.context as { session: AuthSession | null }).session;
  return session !== null && isSessionExpired(session, NOW);
};

/**
 * The unit model with the chart's retries told apart (the unit model counts 0 or more): the chart
 * gives up after the 7th failure in a row, which the browser reaches only that way (a refused
 * refresh is SIGNED_OUT there).
 */
const countingRetries = {
  ...sessionModel,
  serialize: (snapshot: AnyMachineSnapshot) => JSON.stringify([sessionModel.serialize(snapshot), Math.min(retriesOf(snapshot), MAX_REFRESH_RETRIES)]),
};

export const sessionAdapter: ChartAdapter<Scenario> = {
  chart: 'session',
  title: 'session',
  model: countingRetries,
  // Paths of at most 20 events: the network going down (the row of refreshes that fail) then comes
  // right after the page's clock was moved past the token's life (see refresh), on a page of its own.
  maxLength: 20,
  roleOf: (event, snapshot) => {
    const loading = snapshot ? snapshot.matches('loading') : false;
    // A cookie whose token nears expiry (within two minutes): the page leaves it to supabase-js,
    // which (seen in Chromium) reports SIGNED_IN before INITIAL_SESSION.
    if (event.type === 'SIGNED_IN' && loading) return { role: 'answer' };
    // Signed in already: the tab shown again (supabase-js reads the stored session back and reports
    // it). The event as the browser fires it: at the document, bubbling (supabase-js listens on window).
    if (event.type === 'SIGNED_IN' && snapshot?.matches('signedIn')) {
      return { role: 'user', act: (run) => run.page.evaluate(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))) };
    }
    // The refresh a focus started (refreshing) answers promptly: refreshed, or (sessions ended
    // elsewhere) refused, which supabase-js reports as SIGNED_OUT.
    if ((event.type === 'TOKEN_REFRESHED' || event.type === 'SIGNED_OUT') && snapshot?.matches('refreshing')) return { role: 'answer' };
    if (event.type !== 'INITIAL_SESSION') return roles(event);
    if (param<unknown>(event, 'session') === expired) return { role: 'unreachable', why: 'supabase-js refreshes an expired stored session before it reports the first one' };
    if (snapshot && !snapshot.matches('loading')) return { role: 'unreachable', why: 'a second auth client reporting its first session late (the SPA runs one)' };
    // The page's own reading of the cookie (a token good for more than two minutes: the session
    // chart starts from it, supabase-js loads later), or supabase-js's answer when it holds none.
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
    // The chart's retries come within supabase-js's 60 s cooldown of the failure: each is answered
    // at once with it (nothing refreshes or signs out meanwhile), and waiting only ends by its timer.
    if (snapshot.matches('refreshing') && retriesOf(snapshot) > 0) return event.type === 'xstate.error.actor.refresh';
    if (snapshot.matches('waitingToRetry')) return event.type === 'xstate.after.retryDelay.session.waitingToRetry';
    // The page's clock stays past the server's: what a refresh brings is already expired there.
    if (snapshot.matches('refreshing') && event.type === 'TOKEN_REFRESHED') return param<AuthSession>(event, 'session') === expired;
    return true;
  },
  notes: {
    'session.waitingToRetry|TOKEN_REFRESHED|0':
      'supabase-js answers every refresh of that token within 60 s of its failure with the failure (its cooldown), and the chart’s retries end within 25.4 s',
    'session.waitingToRetry|SIGNED_OUT|0':
      'offline, supabase-js’s signOut() first refreshes the expired session, answers that failure and reports nothing; and no refresh is made to be refused (its cooldown)',
    'session.signedOut|INITIAL_SESSION|0': 'a second auth client reporting its first session late (the SPA runs one)',
    'session.loading|SIGNED_OUT|0': 'the auth client reports the cookie’s session (INITIAL_SESSION) before anyone can sign out',
  },
  prepare: async (path, baseURL) => {
    // The first answer: SIGNED_IN (a session near expiry in the cookie), INITIAL_SESSION with the
    // cookie's session (good for longer), or INITIAL_SESSION without one.
    const first = path.events[0];
    const nearExpiry = first?.type === 'SIGNED_IN';
    const signedIn = nearExpiry || (first?.type === 'INITIAL_SESSION' && param<unknown>(first, 'session') !== null);
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
      nearExpiry,
      refreshes: { inFlight: 0, changedAt: 0 },
      signIns: accounts,
      clock: nearExpiry || path.events.some((event) => event.type === 'TOKEN_REFRESHED' || event.type === 'session.check'),
      secrets,
    };
  },
  open: async (run) => {
    countRefreshes(run);
    // Installed before the page loads, running at the real time until a path moves it.
    if (run.scenario.clock) await run.context.clock.install();
    if (run.scenario.account) await signInContext(run.context, run.baseURL, run.scenario.account.session);
    // 115 s before the token's end: inside the page's two minutes (it leaves the cookie to
    // supabase-js), outside supabase-js's 90 s (it reports the session rather than refreshing it; its
    // own refresh comes 25 s later, and a path's TOKEN_REFRESHED sets the clock itself).
    if (run.scenario.account && run.scenario.nearExpiry) await run.context.clock.setSystemTime(((run.scenario.account.session.expires_at ?? 0) - 115) * 1000);
    // Signed in: the account page (its sign-out); else the sign-in page (the prerendered start page
    // runs the app only once painted, so its header's link may still be a plain one).
    await run.page.goto(run.scenario.account ? '/account' : '/en/sign-in-otp');
  },
};
