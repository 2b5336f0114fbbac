import { useEffect, useRef } from 'react';
import { afterFirstRender } from '../../../lib/first-render';
import { publicConfig } from '../../../platform/public-config';
import { preloadStripe } from './checkout.actors';

/**
 * Stripe.js is fetched only when Stripe is the provider, ahead of the click that needs it: once
 * the page has painted and is idle (when `decided`), or sooner when the returned `warm` is called
 * (the pointer or focus reaching the button). Asked once.
 */
export function useStripeWarmup(decided: boolean): () => void {
  const config = publicConfig();
  const stripeKey = config.payments.provider === 'stripe' ? config.payments.stripePublishableKey : null;
  const stripeAsked = useRef(false);
  const warmStripe = () => {
    if (!stripeKey || stripeAsked.current) return;
    stripeAsked.current = true;
    preloadStripe(stripeKey).catch((error: unknown) => console.warn('Stripe.js did not load', error));
  };
  useEffect(() => {
    if (decided && stripeKey) afterFirstRender(warmStripe);
    // warmStripe reads the key through the ref'd closure; once per key is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [decided, stripeKey]);
  return warmStripe;
}
