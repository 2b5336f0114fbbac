import { assign, setup } from 'xstate';
import { scheduledDelay } from './delay-schedule';
import { RetryableRefreshError, sessionActors } from './session.actors';
import { hasVerifiedFactor, isAal2 } from '../core/assurance';
import { decodeClaims } from '../core/token-claims';

/** The part of a supabase-js Session this chart reads. */
export interface AuthSession {
  access_token: string;
  refresh_token: string;
  expires_at?: number | undefined;
  expires_in: number;
  user: { id: string; is_anonymous?: boolean | undefined; factors?: { status: string }[] | undefined };
}

export type SessionEvent =
  | { type: 'INITIAL_SESSION'; session: AuthSession | null }
  | { type: 'SIGNED_IN'; session: AuthSession }
  | { type: 'SIGNED_OUT' }
  | { type: 'TOKEN_REFRESHED'; session: AuthSession }
  | { type: 'MFA_CHALLENGE_VERIFIED'; session: AuthSession }
  /** Sent on focus and on a timer: refreshes an expired session. */
  | { type: 'session.check' }
  /**
   * Another tab or window of this browser signed out (it said so on the tabs' channel, or the shared
   * cookie was found empty under a session this page still held): the page says so and offers to
   * sign in again, rather than failing the next request with a 401.
   */
  | { type: 'session.endedElsewhere' };

export interface SessionContext {
  session: AuthSession | null;
  /** Failed refresh attempts in a row. */
  retries: number;
  now: () => number;
}

/** First retry after 200 ms, doubling (SPEC §9). */
export const REFRESH_BASE_DELAY_MS = 200;
/** 200 ms · 2⁰…2⁶ adds up to 25.4 s: within supabase-js's own 30 s retry window. */
export const MAX_REFRESH_RETRIES = 7;
/** The wait before each retry: 200, 400, … 12,800 ms (retry n waits the n-th). */
const refreshRetrySchedule = { ms: Array.from({ length: MAX_REFRESH_RETRIES }, (_, retry) => REFRESH_BASE_DELAY_MS * 2 ** retry), by: 'retries - 1' };
/** A session issued longer ago than this is stale (re-verify before sensitive steps). */
export const STALE_AFTER_MS = 120_000;


export function expiresAtMs(session: AuthSession): number {
  if (session.expires_at) return session.expires_at * 1000;
  const exp = decodeClaims(session.access_token).exp;
  return typeof exp === 'number' ? exp * 1000 : 0;
}

/** Issued-at: the token's `iat`, else expiry minus lifetime. */
export function issuedAtMs(session: AuthSession): number {
  const iat = decodeClaims(session.access_token).iat;
  if (typeof iat === 'number') return iat * 1000;
  return expiresAtMs(session) - session.expires_in * 1000;
}

export const isSessionExpired = (session: AuthSession, now: number) => expiresAtMs(session) <= now;
export const isSessionStale = (session: AuthSession, now: number) => now - issuedAtMs(session) > STALE_AFTER_MS;
// The assurance rules live in core/assurance.ts (the header's cookie reading uses them without this chart).
export { hasVerifiedFactor, isAal2 } from '../core/assurance';

const sessionOf = (event: SessionEvent) => ('session' in event ? event.session : null);

/**
 * The SPA's session. supabase-js does the talking; this chart holds what the app may assume:
 * signed out, signed in (aal1, aal2, or aal1 with a second step due), or refreshing an expired
 * session. No final state: one long-lived actor serves the page's whole life.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { now?: () => number } | undefined,
  },
  actors: sessionActors,
  guards: {
    hasNoSession: ({ event }) => sessionOf(event) === null,
    hasEventSession: ({ event }) => sessionOf(event) !== null,
    isEventSessionExpired: ({ context, event }) => {
      const session = sessionOf(event);
      return session !== null && isSessionExpired(session, context.now());
    },
    isExpired: ({ context }) => context.session !== null && isSessionExpired(context.session, context.now()),
    isAal2: ({ context }) => context.session !== null && isAal2(context.session),
    hasVerifiedFactor: ({ context }) => context.session !== null && hasVerifiedFactor(context.session),
    canRetry: ({ context, event }) =>
      'error' in event && event.error instanceof RetryableRefreshError && context.retries < MAX_REFRESH_RETRIES,
  },
  actions: {
    storeSession: assign({
      session: ({ event }) => sessionOf(event),
      retries: 0,
    }),
    storeRefreshed: assign({
      session: ({ event }) => (event as unknown as { output: AuthSession }).output,
      retries: 0,
    }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    forgetSession: assign({ session: null, retries: 0 }),
  },
  delays: {
    retryDelay: scheduledDelay<SessionContext>(refreshRetrySchedule, (context) => context.retries - 1),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ session: null, retries: 0, now: input?.now ?? (() => Date.now()) }),
  initial: 'loading',
  states: {
    loading: {
      on: {
        INITIAL_SESSION: [
          { guard: 'hasNoSession', target: 'signedOut' },
          { guard: 'isEventSessionExpired', target: 'refreshing', actions: 'storeSession' },
          { target: 'signedIn', actions: 'storeSession' },
        ],
        SIGNED_IN: { target: 'signedIn', actions: 'storeSession' },
        SIGNED_OUT: { target: 'signedOut' },
      },
    },
    signedOut: {
      entry: 'forgetSession',
      initial: 'here',
      states: {
        // Signed out in this page (or never signed in).
        here: {},
        // The session this page held was ended in another tab or window: the page says so.
        endedElsewhere: {},
      },
      on: {
        SIGNED_IN: { target: 'signedIn', actions: 'storeSession' },
        // A second client tab may report a session late.
        INITIAL_SESSION: { guard: 'hasEventSession', target: 'signedIn', actions: 'storeSession' },
      },
    },
    signedIn: {
      initial: 'routing',
      states: {
        // Transient: picks the assurance level from the current token and the person's factors.
        routing: { always: [{ guard: 'isAal2', target: 'aal2' }, { guard: 'hasVerifiedFactor', target: 'secondStepDue' }, { target: 'aal1' }] },
        // No verified second factor: enrolling one ends with its first verify (aal2 at once).
        aal1: {
          on: { MFA_CHALLENGE_VERIFIED: { target: 'routing', actions: 'storeSession' } },
        },
        // First step done (a code by SMS or email) with a verified factor: the SPA asks for the
        // second (TOTP or SMS code) before anything else.
        secondStepDue: {
          on: { MFA_CHALLENGE_VERIFIED: { target: 'routing', actions: 'storeSession' } },
        },
        aal2: {},
      },
      on: {
        SIGNED_IN: { target: '.routing', actions: 'storeSession' },
        TOKEN_REFRESHED: { target: '.routing', actions: 'storeSession' },
        SIGNED_OUT: { target: 'signedOut' },
        'session.endedElsewhere': { target: 'signedOut.endedElsewhere' },
        'session.check': { guard: 'isExpired', target: 'refreshing' },
      },
    },
    refreshing: {
      invoke: {
        id: 'refresh',
        src: 'refreshSession',
        input: ({ context }) => ({ session: context.session as AuthSession }),
        onDone: { target: 'signedIn', actions: 'storeRefreshed' },
        onError: [{ guard: 'canRetry', target: 'waitingToRetry', actions: 'countRetry' }, { target: 'removingSession' }],
      },
      on: {
        // supabase-js may finish the refresh itself first.
        TOKEN_REFRESHED: { target: 'signedIn', actions: 'storeSession' },
        SIGNED_OUT: { target: 'signedOut' },
      },
    },
    waitingToRetry: {
      after: { retryDelay: { target: 'refreshing' } },
      on: {
        TOKEN_REFRESHED: { target: 'signedIn', actions: 'storeSession' },
        SIGNED_OUT: { target: 'signedOut' },
      },
    },
    // A non-retryable refresh error (token revoked, session ended): the stored session is removed.
    removingSession: {
      invoke: { id: 'clear', src: 'clearSession', onDone: 'signedOut', onError: 'signedOut' },
    },
  },
});
