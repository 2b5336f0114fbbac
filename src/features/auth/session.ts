import type { AuthError, Session, SupabaseClient } from '@supabase/supabase-js';
import { useSelector } from '@xstate/react';
import { createActor, fromPromise, type Actor } from 'xstate';
import { RetryableRefreshError } from '../../../machines/session.actors';
import { sessionMachine, type AuthSession } from '../../../machines/session.machine';
import { setAccessTokenProvider } from '../../app/api-client';
import { afterFirstRender, firstRender } from '../../app/first-render';
import { publishInspection } from '../charts/live-state';
import { carriesAuthCallback, hasStoredSession, isAuthError } from './signed-in';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

type SessionActor = Actor<typeof sessionMachine>;

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

let supabase: Promise<SupabaseClient> | undefined;

/** supabase-js (its own chunk), loaded and created once. */
export function loadSupabase(): Promise<SupabaseClient> {
  return (supabase ??= import('./supabase').then(({ getSupabase }) => getSupabase()));
}

/**
 * Starts the session chart once and feeds it supabase-js's auth events. Called at boot (main.tsx);
 * pages use `useSession()`. supabase-js loads at once for a visitor holding a session cookie or
 * coming back from an auth link; for everyone else after the first render (or on first use), so
 * a signed-out visitor's first paint does without it. Until then the chart stays `loading`.
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
      clearSession: fromPromise<void, void>(async () => {
        await (await loadSupabase()).auth.signOut({ scope: 'local' });
      }),
    },
  });
  const started = createActor(machine, { input: {}, inspect: publishInspection('session') }).start();
  actor = started;
  // The product API's bearer: whatever supabase-js holds (loading it if a call comes first).
  setAccessTokenProvider(async () => (await (await loadSupabase()).auth.getSession()).data.session?.access_token ?? null);
  let connected = false;
  const connect = () => {
    if (connected) return;
    connected = true;
    void loadSupabase().then((client) => listen(client, started));
  };
  // A held session or a callback is read right after the first render (not before: supabase-js is
  // ~40 KB the first paint does not need, and the budget check measures up to that mark); the
  // idle-time start is the fallback for a page that never renders.
  if (carriesAuthCallback(window.location) || hasStoredSession()) void firstRender().then(connect);
  afterFirstRender(connect);
  const check = () => started.send({ type: 'session.check' });
  window.addEventListener('focus', check);
  window.setInterval(check, 30_000);
  return started;
}

function listen(supabase: SupabaseClient, started: SessionActor): void {
  supabase.auth.onAuthStateChange((event, session) => {
    switch (event) {
      case 'INITIAL_SESSION':
        started.send({ type: 'INITIAL_SESSION', session });
        break;
      case 'SIGNED_IN':
      case 'TOKEN_REFRESHED':
      case 'MFA_CHALLENGE_VERIFIED':
        if (session) started.send({ type: event, session });
        break;
      case 'SIGNED_OUT':
        started.send({ type: 'SIGNED_OUT' });
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
 * The current session as the app may assume it. `secondStepDue`: signed in by a first factor while
 * a verified second factor exists; pages ask for the second step before anything else.
 */
export function useSession(): SessionView {
  const started = startSessionActor();
  return useSelector(started, (snapshot): SessionView => {
    const session = snapshot.context.session as Session | null;
    if (snapshot.matches('signedIn')) {
      const secondStepDue = snapshot.matches({ signedIn: 'secondStepDue' });
      return { status: 'signedIn', session, aal: snapshot.matches({ signedIn: 'aal2' }) ? 'aal2' : 'aal1', secondStepDue };
    }
    if (snapshot.matches('signedOut')) return { status: 'signedOut', session: null, aal: null, secondStepDue: false };
    return { status: 'loading', session: null, aal: null, secondStepDue: false };
  }, sameSessionView);
}

export interface SessionView {
  status: SessionStatus;
  session: Session | null;
  aal: 'aal1' | 'aal2' | null;
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
