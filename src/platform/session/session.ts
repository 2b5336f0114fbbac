import type { AuthError, Session, SupabaseClient } from '@supabase/supabase-js';
import type { Aal } from '../../../core/assurance';
import { useSelector } from '@xstate/react';
import { createActor, fromPromise, type Actor } from 'xstate';
import { RetryableRefreshError } from '../../../machines/session.actors';
import { expiresAtMs, sessionMachine, type AuthSession } from '../../../machines/session.machine';
import { setAccessTokenProvider } from '../api-client';
import { lazyChunk } from '../../../core/lazy-chunk';
import { afterFirstRender, firstRenderShown } from '../../lib/first-render';
import { publishInspection } from '../live-state/live-state';
import { publishPresence } from './presence';
import { publishSignedInUser } from './user-change';
import { carriesAuthCallback, clearSessionCookies, hasStoredSession, isAuthError, storedAuthSession } from './signed-in';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

type SessionActor = Actor<typeof sessionMachine>;
export type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>;

let actor: SessionActor | undefined;
let cameFromAuthLink = false;

/** Whether this page load is the return from an emailed sign-in link (PKCE ?code= or implicit #access_token). */
export function arrivedFromAuthLink(): boolean {
  return cameFromAuthLink;
}
let urlErrorResolve: (error: { message: string; code: string | null } | null) => void = () => undefined;
const urlError = new Promise<{ message: string; code: string | null } | null>((resolve) => {
  urlErrorResolve = resolve;
});

/** supabase-js (its own chunk), created once; from then on it tells the session chart its auth events. */
const supabaseChunk = lazyChunk<SupabaseClient>(() =>
  import('./supabase').then(({ getSupabase }) => {
    const client = getSupabase();
    if (actor) listenOnce(client, actor);
    return client;
  }),
);
let listening = false;
/** Sign-outs under way in this page (./sign-out): a SIGNED_OUT then is this page's own. */
let signingOut = 0;

/** Runs this page's own sign-out: the SIGNED_OUT it brings is not news from another tab. */
export async function signingOutHere<T>(work: () => Promise<T>): Promise<T> {
  signingOut += 1;
  try {
    return await work();
  } finally {
    signingOut -= 1;
  }
}

/**
 * supabase-js refreshes a session this close to its expiry (its EXPIRY_MARGIN_MS, 90 s); a session
 * read from the cookie is handed over to it earlier than that, with 30 s to load.
 */
const HAND_OVER_BEFORE_EXPIRY_MS = 120_000;

/**
 * supabase-js (its own chunk), loaded and created once, and from then on telling the session chart
 * of its auth events, whoever loaded it (a sign-in, the second step, a sign-out, a refresh).
 */
export function loadSupabase(): Promise<SupabaseClient> {
  return supabaseChunk.load();
}

function listenOnce(client: SupabaseClient, started: SessionActor): void {
  if (listening) return;
  listening = true;
  listen(client, started);
}

/** A session the page may use without supabase-js: good for more than the hand-over margin. */
const goodForAWhile = (session: AuthSession) => expiresAtMs(session) - Date.now() > HAND_OVER_BEFORE_EXPIRY_MS;

/** The held session's access token while it is good for more than the hand-over margin. */
function heldAccessToken(): string | null {
  const held = storedAuthSession();
  return held && goodForAWhile(held) ? held.access_token : null;
}

/**
 * Starts the session chart once and feeds it supabase-js's auth events. Called at boot (main.tsx);
 * pages use `useSession()`. A visitor holding a session whose token is good for more than two
 * minutes is signed in at once from the cookie, and supabase-js loads on first use or when a check
 * finds it due (watchSession); one coming back from an auth link or holding a session near expiry gets
 * supabase-js right after the first render; everyone else after the first render and load, in an
 * idle moment (or on first use). Until supabase-js has spoken the chart stays `loading`.
 */
export function startSessionActor(): SessionActor {
  if (actor) return actor;
  // Read before supabase-js cleans the address up after exchanging the code.
  const search = new URLSearchParams(window.location.search);
  cameFromAuthLink = search.has('code') || /(^|[#&])access_token=/.test(window.location.hash);
  const machine = sessionMachine.provide({
    actors: {
      refreshSession: fromPromise<AuthSession, { session: AuthSession }>(async ({ input }) => {
        const { data, error } = await (await loadSupabase()).auth.refreshSession({ refresh_token: input.session.refresh_token });
        if (error) throw error.name === 'AuthRetryableFetchError' ? new RetryableRefreshError(error.message) : error;
        if (!data.session) throw new Error('no session returned');
        return data.session;
      }),
      // Reached when the refresh gave up. Offline, supabase-js's signOut() first tries to refresh the
      // expired session, answers that failure and removes nothing (it would come back with the
      // network, while the page says signed out): the session's cookies are cleared either way.
      clearSession: fromPromise<void, void>(async () => {
        try {
          await (await loadSupabase()).auth.signOut({ scope: 'local' });
        } finally {
          clearSessionCookies();
        }
      }),
    },
  });
  const started = createActor(machine, { input: {}, inspect: publishInspection('session') }).start();
  actor = started;
  // Loaded before the chart started: listen now (a download still under way listens when it lands).
  const loadedClient = supabaseChunk.loaded();
  if (loadedClient) listenOnce(loadedClient, started);
  // The product API's bearer: the held session's token while it is good (read from the cookie each
  // time, so another tab's refresh is seen), else whatever supabase-js holds, loading it. A cookie
  // found empty under a session the page still holds was emptied by another tab: the page says so
  // rather than sending the request without a token and failing on its 401.
  setAccessTokenProvider(async () => {
    const held = heldAccessToken();
    if (held) return held;
    if (noticeEndedElsewhere(started)) return null;
    return (await (await loadSupabase()).auth.getSession()).data.session?.access_token ?? null;
  });
  followPresence(started);
  // The browser's other tabs, told and heard from once the first render is on screen (its own chunk).
  void firstRenderShown().then(() =>
    import('./tabs-follow').then(({ followTabs }) => followTabs(started, { noticeEndedElsewhere: () => noticeEndedElsewhere(started), loadSupabase })),
  );
  watchSession(started);
  const callback = carriesAuthCallback(window.location);
  const held = callback ? null : storedAuthSession();
  if (held && goodForAWhile(held)) {
    // A held session good for a while yet: the chart starts from it at once, as supabase-js would
    // (it reads the same cookie and, for a token not near expiry, reports it unchanged without asking
    // the auth service), and supabase-js (~45 KB, a ~150 ms task on a phone) loads when something
    // needs it (a refresh, a code, the second step, a sign-out) or a check finds it due (below).
    started.send({ type: 'INITIAL_SESSION', session: held });
    // No callback in the address, so no auth error in it either.
    urlErrorResolve(null);
    return started;
  }
  if (!callback && !hasStoredSession()) {
    // No session held and no callback in the address: supabase-js would read the same empty cookie
    // and report no session, so the chart starts signed out at once and supabase-js (~43 KB) loads on
    // first use (a code sent, a provider button, the second step) or when watchSession finds the
    // cookie changed (a sign-in in another tab), not at idle on every landing page (#40).
    started.send({ type: 'INITIAL_SESSION', session: null });
    urlErrorResolve(null);
    return started;
  }
  // A held session near expiry or a callback is read once the first render is on screen (not before:
  // supabase-js is ~40 KB the first paint does not need, and the budget check measures up to that
  // mark); the idle-time start is the fallback for a page that never renders.
  if (callback || hasStoredSession()) void firstRenderShown().then(() => void loadSupabase());
  afterFirstRender(() => void loadSupabase());
  return started;
}

/**
 * Whether supabase-js, not loaded yet, is due: the cookie no longer holds the session the chart
 * started from (another tab refreshed or signed out, another of the product's sites signed someone
 * in), or its token nears expiry (supabase-js refreshes it, 90 s before).
 */
function supabaseDue(started: SessionActor): boolean {
  // Here already: nothing is due (asking while a download is under way joins it, no second one).
  if (supabaseChunk.loaded()) return false;
  const held = storedAuthSession();
  const known = started.getSnapshot().context.session;
  return held?.access_token !== known?.access_token || (held !== null && !goodForAWhile(held));
}

/**
 * On focus and every 30 s the chart checks its session (refreshing an expired one), and a page
 * started from the cookie hands over to supabase-js when it is due. Checks, not one timer set for the
 * expiry: a timer is late after a laptop's sleep or in a background tab, a check runs on return. A
 * tab shown again loads it too (supabase-js then reads the cookie back and reports it, as it does
 * itself on visibilitychange once loaded).
 */
function watchSession(started: SessionActor): void {
  const check = () => {
    if (noticeEndedElsewhere(started)) return;
    if (supabaseDue(started)) void loadSupabase();
    started.send({ type: 'session.check' });
  };
  window.addEventListener('focus', check);
  window.setInterval(check, 30_000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    if (!noticeEndedElsewhere(started)) void loadSupabase();
  });
}

/**
 * The page still holds a session but the shared cookie holds none: another tab or window of this
 * browser signed out (only a page of this site can empty it). The chart is told; returns whether.
 */
function noticeEndedElsewhere(started: SessionActor): boolean {
  if (!started.getSnapshot().matches('signedIn') || hasStoredSession() || signingOut > 0) return false;
  started.send({ type: 'session.endedElsewhere' });
  return true;
}

/**
 * One session state for every part of the page: the chart's state is published to the page's
 * frame (header, notice: ./presence) on every change.
 */
function followPresence(started: SessionActor): void {
  const publish = () => {
    const snapshot = started.getSnapshot();
    const session = snapshot.context.session;
    const known = !snapshot.matches('loading');
    // A second step still due: signed in by the first factor only, which opens nothing (#37.5).
    const person = session !== null && session.user.is_anonymous !== true && !snapshot.matches({ signedIn: 'secondStepDue' });
    publishPresence(known ? { person, endedElsewhere: snapshot.matches({ signedOut: 'endedElsewhere' }) } : null);
    // The holders of a person's data (query cache, funnel) drop it on any change of who (./user-change).
    publishSignedInUser(known ? (session?.user.id ?? null) : undefined);
  };
  started.subscribe(publish);
  publish();
}

function listen(supabase: SupabaseClient, started: SessionActor): void {
  supabase.auth.onAuthStateChange((event, session) => {
    switch (event) {
      case 'INITIAL_SESSION':
        // Started from the cookie, which is empty now (signed out in another tab meanwhile):
        // supabase-js has nothing to sign out of, so it reports no SIGNED_OUT of its own.
        if (!session && started.getSnapshot().matches('signedIn')) started.send(signingOut > 0 ? { type: 'SIGNED_OUT' } : { type: 'session.endedElsewhere' });
        else started.send({ type: 'INITIAL_SESSION', session });
        break;
      case 'SIGNED_IN':
      case 'TOKEN_REFRESHED':
      case 'MFA_CHALLENGE_VERIFIED':
        if (session) started.send({ type: event, session });
        break;
      case 'SIGNED_OUT':
        started.send(signedOutElsewhere(started) ? { type: 'session.endedElsewhere' } : { type: 'SIGNED_OUT' });
        break;
      default:
        break;
    }
  });
  // SPEC §8: an address carrying an auth error is not read for a session; keep the error to show.
  void supabase.auth.initialize().then(
    ({ error }) => urlErrorResolve(isAuthError(error) ? { message: error.message, code: error.code ?? readErrorCode(error as AuthError) } : null),
    () => urlErrorResolve(null),
  );
}

/**
 * A SIGNED_OUT supabase-js reports while the page is signed in with a token good for a while, and
 * not by this page's sign-out: its channel's news of another tab's sign-out. (Near the token's end
 * it may be its own refresh refused, after a sign-out everywhere from another device: no tab's.)
 */
function signedOutElsewhere(started: SessionActor): boolean {
  const snapshot = started.getSnapshot();
  const session = snapshot.context.session;
  return signingOut === 0 && snapshot.matches('signedIn') && session !== null && goodForAWhile(session);
}

/**
 * The current session as the app may assume it. `secondStepDue`: signed in by a first factor while
 * a verified second factor exists; pages ask for the second step before anything else.
 */
export function useSession(): SessionView {
  return useSelector(startSessionActor(), sessionViewOf, sameSessionView);
}

/** The session as `useSession()` sees it, from one of the chart's snapshots (also read outside React). */
export function sessionViewOf(snapshot: SessionSnapshot): SessionView {
  const session = snapshot.context.session as Session | null;
  if (snapshot.matches('signedIn')) {
    const secondStepDue = snapshot.matches({ signedIn: 'secondStepDue' });
    return { status: 'signedIn', session, aal: snapshot.matches({ signedIn: 'aal2' }) ? 'aal2' : 'aal1', secondStepDue };
  }
  if (snapshot.matches('signedOut')) return { status: 'signedOut', session: null, aal: null, secondStepDue: false };
  return { status: 'loading', session: null, aal: null, secondStepDue: false };
}

export interface SessionView {
  status: SessionStatus;
  session: Session | null;
  aal: Aal | null;
  secondStepDue: boolean;
}

function sameSessionView(a: SessionView, b: SessionView) {
  return a.status === b.status && a.session === b.session && a.aal === b.aal && a.secondStepDue === b.secondStepDue;
}

/** The auth error the page's address came back with (e.g. an expired email link), or null. */
export function authUrlError(): Promise<{ message: string; code: string | null } | null> {
  startSessionActor();
  return urlError;
}

function readErrorCode(error: AuthError): string | null {
  const details = (error as AuthError & { details?: { code?: unknown } }).details;
  return typeof details?.code === 'string' ? details.code : null;
}

/** Waits for the chart to leave `loading` (e.g. before a redirect decision). */
export function whenSessionKnown(): Promise<Session | null> {
  const started = startSessionActor();
  return new Promise((resolve) => {
    const done = () => {
      const snapshot = started.getSnapshot();
      if (snapshot.matches('signedIn')) return resolve(snapshot.context.session as Session | null), true;
      if (snapshot.matches('signedOut')) return resolve(null), true;
      return false;
    };
    if (done()) return;
    const subscription = started.subscribe(() => {
      if (done()) subscription.unsubscribe();
    });
  });
}
