import { fromPromise } from 'xstate';
import type { AuthSession } from './session.machine';

/** Thrown by a refresh that may succeed if tried again (network, 5xx): the chart retries it. */
export class RetryableRefreshError extends Error {
  override name = 'RetryableRefreshError';
}

/**
 * Stand-in implementations; the SPA provides real ones (supabase-js) with `machine.provide`, tests
 * provide scripted ones. Both honour the abort signal.
 */
export const sessionActors = {
  /** Exchanges the refresh token for a new session. Rejects with RetryableRefreshError to be retried. */
  refreshSession: fromPromise<AuthSession, { session: AuthSession }>(async () => {
    throw new Error('refreshSession is not provided');
  }),
  /** Forgets the local session (cookie) after a refresh that can never succeed. */
  clearSession: fromPromise<void, void>(async () => undefined),
};
