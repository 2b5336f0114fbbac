import { fromPromise } from 'xstate';
import { ApiError, apiRequest } from '../../../platform/api-client';
import { readTrackingParams } from '../../../../core/routes/tracking-params';
import type { CheckoutSessionResponse } from '../../../../core/contracts/payments';
import { CheckoutError, type StartCheckoutInput } from '../../../../machines/checkout.actors';

/**
 * GET /v2/user/subscription/stripe/checkout-session (SPEC §7), with the saved custom_code if any:
 * the paywall provides it to the chart (machines/checkout.machine.ts); a refusal's code reaches the
 * chart as a CheckoutError.
 */
export const startCheckout = fromPromise<CheckoutSessionResponse, StartCheckoutInput>(async ({ input, signal }) => {
  try {
    return await apiRequest<CheckoutSessionResponse>('/v2/user/subscription/stripe/checkout-session', {
      query: {
        locale: input.lng,
        interval: input.interval,
        plan: input.plan,
        currency: input.currency,
        custom_code: readTrackingParams().custom_code,
      },
      signal,
    });
  } catch (error) {
    throw error instanceof ApiError ? new CheckoutError(error.code) : error;
  }
});

/** Stripe.js, loaded only when the provider is Stripe (its own chunk and js.stripe.com script). */
export async function preloadStripe(publishableKey: string): Promise<void> {
  const { loadStripe } = await import('@stripe/stripe-js');
  await loadStripe(publishableKey);
}
