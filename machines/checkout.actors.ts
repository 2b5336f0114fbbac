import { fromPromise } from 'xstate';
import type { BillingInterval, CheckoutSessionResponse, PlanCode } from '../core/contracts/payments';

export interface StartCheckoutInput {
  lng: 'en' | 'fr';
  interval: BillingInterval;
  plan: PlanCode;
  currency: string;
}

/** A refused checkout, with the server's code for the paywall to translate (KYC_REQUIRED…). */
export class CheckoutError extends Error {
  override name = 'CheckoutError';
  constructor(readonly code: string) {
    super(code);
  }
}

/**
 * Stand-in implementation: the paywall provides the real one (the product API:
 * src/features/onboarding/checkout/checkout.actors.ts) with `machine.provide`, tests provide
 * scripted ones. A refusal with a code is thrown as a CheckoutError; anything else reads UNKNOWN_ERROR.
 */
export const checkoutActors = {
  startCheckout: fromPromise<CheckoutSessionResponse, StartCheckoutInput>(async () => {
    throw new Error('startCheckout is not provided');
  }),
};
