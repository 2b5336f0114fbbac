import { fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { Aal } from '../../../core/assurance';
import { RetryableRefreshError } from '../../../machines/session.actors';
import { sessionMachine, type AuthSession, type SessionEvent } from '../../../machines/session.machine';
import type { ChartModel } from '../../helpers/chart-model';

/** The session chart's test model: the real chart, refresh and clear stand-ins that never settle. */

export const NOW = 1_800_000_000_000;
export const now = () => NOW;

export function fakeSession(options: { aal: Aal; issuedSecondsAgo?: number; expired?: boolean; verifiedFactor?: boolean }): AuthSession {
  const iat = Math.floor(NOW / 1000) - (options.issuedSecondsAgo ?? 10);
  const exp = options.expired ? Math.floor(NOW / 1000) - 1 : iat + 3600;
  const payload = Buffer.from(JSON.stringify({ aal: options.aal, iat, exp, sub: 'u1' })).toString('base64url');
  return {
    access_token: `e30.${payload}.sig`,
    refresh_token: `r-${options.aal}-${exp}`,
    expires_at: exp,
    expires_in: 3600,
    user: { id: 'u1', is_anonymous: false, ...(options.verifiedFactor ? { factors: [{ status: 'verified' }] } : {}) },
  };
}

export const aal1 = fakeSession({ aal: 'aal1' });
export const aal2 = fakeSession({ aal: 'aal2' });
export const expired = fakeSession({ aal: 'aal1', expired: true });
/** Signed in by a first factor, a verified second factor on the account: the second step is due. */
export const aal1WithFactor = fakeSession({ aal: 'aal1', verifiedFactor: true });

// Every event the chart handles, its actors' results and its timer included.
export const fixtures = {
  initialNone: { type: 'INITIAL_SESSION', session: null },
  initialValid: { type: 'INITIAL_SESSION', session: aal1 },
  initialExpired: { type: 'INITIAL_SESSION', session: expired },
  signedIn: { type: 'SIGNED_IN', session: aal1 },
  signedInWithFactor: { type: 'SIGNED_IN', session: aal1WithFactor },
  signedOut: { type: 'SIGNED_OUT' },
  tokenRefreshed: { type: 'TOKEN_REFRESHED', session: aal1 },
  tokenRefreshedExpired: { type: 'TOKEN_REFRESHED', session: expired },
  mfaVerified: { type: 'MFA_CHALLENGE_VERIFIED', session: aal2 },
  check: { type: 'session.check' },
  endedElsewhere: { type: 'session.endedElsewhere' },
  refreshDone: { type: 'xstate.done.actor.refresh', output: aal1 },
  refreshRetryable: { type: 'xstate.error.actor.refresh', error: new RetryableRefreshError('offline') },
  refreshFatal: { type: 'xstate.error.actor.refresh', error: new Error('Invalid Refresh Token: Already Used') },
  retryTimer: { type: 'xstate.after.retryDelay.session.waitingToRetry' },
  cleared: { type: 'xstate.done.actor.clear' },
  clearFailed: { type: 'xstate.error.actor.clear', error: new Error('cookie storage unavailable') },
} satisfies Record<string, EventObject & Record<string, unknown>>;

/** Chart event types; a new one in SessionEvent without a line here fails to compile. */
export const handledTypes = {
  INITIAL_SESSION: true,
  SIGNED_IN: true,
  SIGNED_OUT: true,
  TOKEN_REFRESHED: true,
  MFA_CHALLENGE_VERIFIED: true,
  'session.check': true,
  'session.endedElsewhere': true,
} satisfies Record<SessionEvent['type'], true>;

// Stand-in actors that never settle: in the model walk, results arrive only as fixture events.
export const pendingSessionMachine = sessionMachine.provide({
  actors: {
    refreshSession: fromPromise<AuthSession, { session: AuthSession }>(() => new Promise(() => undefined)),
    clearSession: fromPromise<void, void>(() => new Promise(() => undefined)),
  },
});

export const serializeSession = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as { retries: number; session: AuthSession | null };
  return JSON.stringify([snapshot.value, Math.min(context.retries, 1), context.session?.access_token ?? null]);
};

export const sessionModel: ChartModel = {
  machine: pendingSessionMachine,
  inputs: [{ now }],
  fixtures: Object.values(fixtures),
  serialize: serializeSession,
};
