import { assign, fromPromise, setup } from 'xstate';
import type { KycStatus } from '../core/contracts/user';

/**
 * The identity-review waiting room (/{lng}/failure for a signed-in person). Not a dead end: it looks
 * the decision up on arrival, on 'Check my status' and whenever the tab comes back into view; a
 * VALIDATED decision goes on to the paywall through the funnel (its identity check opens checkout),
 * and signing out leaves for the home page signed out — so neither way loops back here.
 *
 * Effects are named and provided by the page (src/features/landing/ReviewActions.tsx); these
 * defaults only say they were not provided.
 */
const notProvided = (name: string) => () => Promise.reject(new Error(`review actor ${name} was not provided`));

export type ReviewEvent = { type: 'review.recheck' } | { type: 'review.signOut' };

export const reviewMachine = setup({
  types: {
    context: {} as { kycStatus: KycStatus | null },
    events: {} as ReviewEvent,
  },
  actors: {
    /** GET /v1/user: the current kyc_status (null when there is none or the call failed). */
    fetchKycStatus: fromPromise<KycStatus | null, void>(notProvided('fetchKycStatus')),
    /** The one sign-out (scope local, every cookie chunk, analytics and chat identity forgotten). */
    signOut: fromPromise<void, void>(notProvided('signOut')),
  },
  guards: {
    isValidated: ({ event }) => (event as { output?: unknown }).output === 'VALIDATED',
  },
  actions: {
    takeKycStatus: assign({ kycStatus: ({ event }) => ((event as { output?: KycStatus | null }).output ?? null) }),
    /** Provided by the page: on to the funnel, which runs the identity check and opens the paywall. */
    continueToCheckout: () => {},
    /** Provided by the page: the language home, signed out. */
    goHome: () => {},
  },
}).createMachine({
  id: 'review',
  context: { kycStatus: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'fetchKycStatus',
        src: 'fetchKycStatus',
        onDone: [
          { guard: 'isValidated', target: 'validated', actions: 'takeKycStatus' },
          { target: 'underReview', actions: 'takeKycStatus' },
        ],
        // A failed look-up is not a decision: the person stays in the waiting room and can re-check.
        onError: { target: 'underReview' },
      },
    },
    underReview: {
      on: {
        'review.recheck': { target: 'checking' },
        'review.signOut': { target: 'signingOut' },
      },
    },
    validated: { type: 'final', entry: 'continueToCheckout' },
    signingOut: {
      invoke: { id: 'signOut', src: 'signOut', onDone: { target: 'signedOut' }, onError: { target: 'signedOut' } },
    },
    signedOut: { type: 'final', entry: 'goHome' },
  },
});
