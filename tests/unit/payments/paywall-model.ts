import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { CheckoutSessionResponse } from '../../../core/contracts/payments';
import { CheckoutError, type StartCheckoutInput } from '../../../machines/checkout.actors';
import { checkoutMachine } from '../../../machines/checkout.machine';
import type { ChartModel } from '../../helpers/chart-model';

/** The paywall chart's test model ('Start my free trial'): the real chart, a request that never settles. */

export const checkoutInput: StartCheckoutInput = { lng: 'fr', interval: 'monthly', plan: 'business', currency: 'EUR' };

/** What the server answers (it must parse with checkoutSessionResponseSchema; the model test checks). */
export const checkoutAnswer: CheckoutSessionResponse = { url: 'http://127.0.0.1:3000/checkout/cs_1', provider: 'local', note: null, promotion: null };

export const paywallFixtures = {
  started: { type: 'checkout.started', input: checkoutInput },
  answered: { type: 'xstate.done.actor.startCheckout', output: checkoutAnswer },
  refused: { type: 'xstate.error.actor.startCheckout', error: new CheckoutError('KYC_REQUIRED') },
} as const;

export const paywallModel: ChartModel = {
  machine: checkoutMachine.provide({
    actors: { startCheckout: fromPromise<CheckoutSessionResponse, StartCheckoutInput>(() => new Promise(() => undefined)) },
    actions: { redirect: () => undefined },
  }),
  inputs: [undefined],
  fixtures: Object.values(paywallFixtures),
  serialize: (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context]),
};
