import { signInContext } from '../../helpers/accounts';
import { expired, sessionModel } from '../../unit/auth/session-model';
import { pathAccount, type PathAccount } from './accounts';
import { param, rolesByType, type ChartAdapter, type EventRole } from './adapter';

/**
 * The session chart (every page): what supabase-js reports. Most of it is not a person's doing: the
 * first session is read from the cookie, refreshes follow the token's clock, a refresh that fails
 * is the network's. A person causes the first session (signed in or not), signing out and signing in.
 */

interface Scenario {
  account: PathAccount | null;
}

const undriven = (why: string): EventRole<Scenario> => ({ role: 'undriven', why });

const roles = rolesByType<Scenario>({
  INITIAL_SESSION: { role: 'answer' },
  SIGNED_IN: undriven('signing in by code on /sign-in-otp (from signed out)'),
  SIGNED_OUT: { role: 'user', act: (run) => run.page.getByRole('main').getByRole('button', { name: 'Sign out' }).first().click() },
  TOKEN_REFRESHED: undriven('an hour passing (supabase-js refreshes the token): a page clock moved past the token’s life'),
  MFA_CHALLENGE_VERIFIED: undriven('a second factor enrolled on the account page and its challenge answered'),
  'session.check': undriven('an hour passing, then the tab taking the focus (or the 30 s check)'),
  'xstate.done.actor.refresh': undriven('the refresh of an expired session (an hour passing)'),
  'xstate.error.actor.refresh': { role: 'unreachable', why: 'the refresh failing: a network failure, or a refresh token already used or revoked elsewhere' },
  'xstate.after.retryDelay.session.waitingToRetry': { role: 'unreachable', why: 'only after a refresh that failed on the network' },
  'xstate.done.actor.clear': { role: 'unreachable', why: 'only after a refresh that can never succeed (a revoked token)' },
  'xstate.error.actor.clear': { role: 'unreachable', why: 'the cookie storage failing' },
});

export const sessionAdapter: ChartAdapter<Scenario> = {
  chart: 'session',
  title: 'session',
  model: sessionModel,
  roleOf: (event, snapshot) => {
    const loading = snapshot ? snapshot.matches('loading') : false;
    // Seen in Chromium: with a session in the cookie, supabase-js reports SIGNED_IN before INITIAL_SESSION.
    if (event.type === 'SIGNED_IN' && loading) return { role: 'answer' };
    if (event.type !== 'INITIAL_SESSION') return roles(event);
    if (param<unknown>(event, 'session') !== null && loading && snapshot) return { role: 'unreachable', why: 'with a session in the cookie supabase-js reports SIGNED_IN first (seen in Chromium)' };
    if (param<unknown>(event, 'session') === expired) return { role: 'unreachable', why: 'supabase-js refreshes an expired stored session before it reports the first one' };
    if (snapshot && !snapshot.matches('loading')) return { role: 'unreachable', why: 'a second auth client reporting its first session late (the SPA runs one)' };
    // The auth client's answer once it has read the cookie: signed in or not, as the path starts.
    return { role: 'answer' };
  },
  notes: {
    'session.signedOut|INITIAL_SESSION|0': 'a second auth client reporting its first session late (the SPA runs one)',
    'session.loading|SIGNED_OUT|0': 'the auth client reports the cookie’s session (INITIAL_SESSION) before anyone can sign out',
  },
  prepare: async (path, baseURL) => {
    // The first answer: SIGNED_IN (a session in the cookie) or INITIAL_SESSION without one.
    const signedIn = path.events[0]?.type === 'SIGNED_IN';
    return { account: signedIn ? await pathAccount(baseURL, { email: 'work', check: false }) : null };
  },
  open: async (run) => {
    if (run.scenario.account) await signInContext(run.context, run.baseURL, run.scenario.account.session);
    // Signed in: the account page (its sign-out); signed out: the home page.
    await run.page.goto(run.scenario.account ? '/account' : '/en');
  },
};
