import type { PageToMeasure } from './page-js';
import { publishableKey, signInContext, signUpToPaywall } from './sessions';

/** The pages whose first-render JavaScript is measured and budgeted. */
export function benchPages(baseURL: string): PageToMeasure[] {
  return [
    { name: 'start', path: '/en' },
    { name: 'form', path: '/en/form' },
    { name: 'demo', path: '/en/demo' },
    { name: 'email-form', path: '/en/email-form' },
    { name: 'sign-in', path: '/en/sign-in-otp' },
    { name: 'generator', path: '/voice-generator' },
    {
      name: 'paywall',
      path: '/en/onboarding/checkout-form?interval=yearly&plan=business',
      prepare: async (context) => signInContext(context, baseURL, await signUpToPaywall(baseURL, await publishableKey(baseURL))),
    },
  ];
}
