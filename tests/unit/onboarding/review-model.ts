import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { reviewMachine, type ReviewEvent } from '../../../machines/onboarding.review.machine';
import { kycStatuses, type KycStatus } from '../../../core/contracts/user';
import type { ChartModel } from '../../helpers/chart-model';

/** The identity-review waiting room's test model: the real chart, look-up and sign-out that never settle. */

export const reviewEventFixtures = {
  'review.recheck': [{ type: 'review.recheck' }],
  'review.signOut': [{ type: 'review.signOut' }],
} satisfies { [K in ReviewEvent['type']]: readonly Extract<ReviewEvent, { type: K }>[] };

// Every decision the look-up can return, and none yet.
const decisions: Array<KycStatus | null> = [...kycStatuses, null];

export const reviewModel: ChartModel = {
  machine: reviewMachine.provide({
    actors: {
      fetchKycStatus: fromPromise<KycStatus | null, void>(() => new Promise(() => undefined)),
      signOut: fromPromise<void, void>(() => new Promise(() => undefined)),
    },
    actions: { continueToCheckout: () => undefined, goHome: () => undefined },
  }),
  inputs: [undefined],
  fixtures: [
    ...Object.values(reviewEventFixtures).flat(),
    ...decisions.map((output) => ({ type: 'xstate.done.actor.fetchKycStatus', output })),
    { type: 'xstate.error.actor.fetchKycStatus', error: new Error('offline') },
    { type: 'xstate.done.actor.signOut', output: undefined },
    { type: 'xstate.error.actor.signOut', error: new Error('offline') },
  ],
  serialize: (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context]),
};
