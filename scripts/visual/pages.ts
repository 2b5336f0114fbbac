import type { Language } from '../../core/routes/languages';
import type { VisitorName } from './visitors';

/** One page the visual check photographs, in each language and at each width. */
export interface VisualPage {
  name: string;
  path(lng: Language): string;
  /** Signed in as this visitor (see visitors.ts); anonymous when absent. */
  visitor?: VisitorName;
  /** A selector that exists once the page has its final content (default: the page's h1). */
  ready?: string;
  /** Requests held unanswered, to photograph a page while it waits (next-steps). */
  hold?: string[];
  /**
   * Served as the SPA's shell, so the page's seeded random picks what it shows: the server answers
   * the generator with one of its prerendered scripts' pages at random per visit (server/spa/prerendered.ts).
   */
  shell?: boolean;
}

export const visualPages: VisualPage[] = [
  { name: 'start', path: (lng) => `/${lng}`, ready: 'main form input[name="email"]' },
  { name: 'form', path: (lng) => `/${lng}/form`, ready: 'main form input[name="email"]' },
  { name: 'email-form', path: (lng) => `/${lng}/email-form`, ready: 'main form input[name="email"]' },
  { name: 'demo', path: (lng) => `/${lng}/demo`, ready: 'main form select[name="time"]' },
  { name: 'sign-in', path: (lng) => `/${lng}/sign-in-otp` },
  { name: 'failure', path: (lng) => `/${lng}/failure` },
  { name: 'success', path: () => '/success' },
  { name: 'app-download-macos', path: () => '/app-download/macos' },
  { name: 'voice-generator', path: (lng) => `/${lng}/voice-generator`, ready: 'main textarea', shell: true },
  { name: 'privacy', path: (lng) => `/${lng}/privacy` },
  { name: 'terms', path: (lng) => `/${lng}/terms` },
  { name: 'contact', path: (lng) => `/${lng}/contact` },
  { name: 'onboarding-verify-phone', path: (lng) => `/${lng}/onboarding/steps/verify-phone`, visitor: 'verifyPhone', ready: 'main input[type="tel"]' },
  { name: 'onboarding-size', path: (lng) => `/${lng}/onboarding/steps/size`, visitor: 'size', ready: 'main input[type="radio"]' },
  { name: 'onboarding-details', path: (lng) => `/${lng}/onboarding/steps/details`, visitor: 'details', ready: 'main select[name="industry"]' },
  { name: 'onboarding-crm', path: (lng) => `/${lng}/onboarding/steps/crm`, visitor: 'crm', ready: 'main input[type="radio"]' },
  { name: 'paywall', path: (lng) => `/${lng}/onboarding/checkout-form?interval=yearly&plan=business`, visitor: 'paywall', ready: 'main input[name="plan"]' },
  { name: 'next-steps', path: (lng) => `/${lng}/onboarding/next-steps`, visitor: 'subscribed', hold: ['**/v1/onboarding/finish'] },
  { name: 'onboarding-success', path: (lng) => `/${lng}/onboarding/success`, visitor: 'customer' },
  { name: 'account', path: () => '/account', visitor: 'customer', ready: 'main dl' },
  { name: 'account-ending', path: () => '/account', visitor: 'cancelled', ready: 'main dl' },
  { name: 'account-signed-out', path: () => '/account', ready: 'main a[href$="/sign-in-otp"]' },
];
