import { isEmailAddress } from '../core/email/email-address';
import { intervals, onboardingOrigins, plans, type Interval, type OnboardingOrigin, type Plan } from '../core/contracts/onboarding';
import type { OnboardingRoute } from './onboarding.types';

export interface ParsedSearch {
  values: { origin?: OnboardingOrigin | null; email?: string | null; interval?: Interval; plan?: Plan };
  /** True when a parameter was invalid and replaced by its default (the URL is then corrected). */
  corrected: boolean;
}


/**
 * The search parameters each onboarding address accepts (SPEC §5), validated; a bad value is
 * replaced by its default rather than crashing the page.
 */
export function parseOnboardingSearch(route: OnboardingRoute, search: string): ParsedSearch {
  const params = new URLSearchParams(search);
  const values: ParsedSearch['values'] = {};
  let corrected = false;
  const origin = params.get('origin');
  if (origin !== null) {
    if ((onboardingOrigins as readonly string[]).includes(origin)) values.origin = origin as OnboardingOrigin;
    else corrected = true;
  }
  if (route === 'verifyPhone' || route === 'details') {
    const email = params.get('email');
    if (email !== null) {
      if (isEmailAddress(email)) values.email = email;
      else corrected = true;
    }
  }
  if (route === 'checkoutForm') {
    const interval = params.get('interval');
    const plan = params.get('plan');
    values.interval = (intervals as readonly string[]).includes(interval ?? '') ? (interval as Interval) : 'yearly';
    values.plan = (plans as readonly string[]).includes(plan ?? '') ? (plan as Plan) : 'business';
    if ((interval !== null && interval !== values.interval) || (plan !== null && plan !== values.plan)) corrected = true;
  }
  return { values, corrected };
}
