import { fromPromise } from 'xstate';
import { apiRequest } from '../../../platform/api-client';
import { readTrackingParams } from '../../../../core/routes/tracking-params';
import type { BillingInterval, CheckoutSessionResponse, PlanCode } from '../../../../core/contracts/payments';

export interface StartCheckoutInput {
  lng: 'en' | 'fr';
  interval: BillingInterval;
  plan: PlanCode;
  currency: string;
}

/** GET /v2/user/subscription/stripe/checkout-session (SPEC §7), with the saved custom_code if any. */
export const startCheckout = fromPromise<CheckoutSessionResponse, StartCheckoutInput>(({ input, signal }) =>
  apiRequest<CheckoutSessionResponse>('/v2/user/subscription/stripe/checkout-session', {
    query: {
      locale: input.lng,
      interval: input.interval,
      plan: input.plan,
      currency: input.currency,
      custom_code: readTrackingParams().custom_code,
    },
    signal,
  }),
);

/** Stripe.js, loaded only when the provider is Stripe (its own chunk and js.stripe.com script). */
export async function preloadStripe(publishableKey: string): Promise<void> {
  const { loadStripe } = await import('@stripe/stripe-js');
  await loadStripe(publishableKey);
}
