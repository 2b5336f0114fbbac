import { assign, enqueueActions, setup } from 'xstate';
import type { CheckoutSessionResponse } from '../core/contracts/payments';
import { checkoutActors, CheckoutError, type StartCheckoutInput } from './checkout.actors';

/**
 * The paywall's 'Start my free trial': ask the server for the checkout address, then leave for it.
 * An error keeps the visitor on the paywall with the server's code (or UNKNOWN_ERROR) to translate.
 * No final state after `redirecting`: the page is being replaced by the provider's. The paywall
 * (src/features/onboarding/checkout/CheckoutFormPage.tsx) provides `startCheckout` and `redirect`.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as { errorCode: string | null; url: string | null },
    events: {} as { type: 'checkout.started'; input: StartCheckoutInput },
  },
  actors: checkoutActors,
  actions: {
    clearError: assign({ errorCode: null }),
    takeUrl: assign({ url: ({ event }) => (event as unknown as { output: CheckoutSessionResponse }).output.url }),
    takeErrorCode: assign({
      errorCode: ({ event }) => {
        const error = (event as unknown as { error: unknown }).error;
        return error instanceof CheckoutError ? error.code : 'UNKNOWN_ERROR';
      },
    }),
    // Injected: the browser navigates with window.location.assign; tests record the address.
    redirect: (_, _params: { url: string }) => {},
    // Named, reading the context itself: the exported chart keeps only static params. The page
    // provides `redirect`; setup's types cannot name a sibling action, hence the cast.
    redirectToCheckout: enqueueActions(({ context, enqueue }) => enqueue({ type: 'redirect', params: { url: context.url ?? '/' } } as never)),
  },
}).createMachine({
  id: 'checkout',
  context: { errorCode: null, url: null },
  initial: 'idle',
  states: {
    idle: {
      // The error stays in view until the next try (the alert has no dismiss button).
      on: { 'checkout.started': { target: 'starting', actions: 'clearError' } },
    },
    starting: {
      invoke: {
        id: 'startCheckout',
        src: 'startCheckout',
        input: ({ event }) => {
          if (event.type !== 'checkout.started') throw new Error('starting needs checkout.started');
          return event.input;
        },
        onDone: { target: 'redirecting', actions: 'takeUrl' },
        onError: { target: 'idle', actions: 'takeErrorCode' },
      },
    },
    redirecting: {
      entry: 'redirectToCheckout',
    },
  },
});
