import type { Language } from './languages';

/**
 * Every client route, once: `pattern` for the router, `build` for links and redirects. The
 * onboarding chart's URL projection builds its addresses from this table too.
 */
export const paths = {
  root: { pattern: '/', build: () => '/' },
  home: { pattern: '/:lng', build: (lng: Language) => `/${lng}` },
  form: { pattern: '/:lng/form', build: (lng: Language) => `/${lng}/form` },
  demo: { pattern: '/:lng/demo', build: (lng: Language) => `/${lng}/demo` },
  emailForm: { pattern: '/:lng/email-form', build: (lng: Language) => `/${lng}/email-form` },
  signInOtp: { pattern: '/:lng/sign-in-otp', build: (lng: Language) => `/${lng}/sign-in-otp` },
  failure: { pattern: '/:lng/failure', build: (lng: Language) => `/${lng}/failure` },
  onboarding: { pattern: '/:lng/onboarding', build: (lng: Language) => `/${lng}/onboarding` },
  onboardingSuccess: { pattern: '/:lng/onboarding/success', build: (lng: Language) => `/${lng}/onboarding/success` },
  nextSteps: { pattern: '/:lng/onboarding/next-steps', build: (lng: Language) => `/${lng}/onboarding/next-steps` },
  checkoutForm: { pattern: '/:lng/onboarding/checkout-form', build: (lng: Language) => `/${lng}/onboarding/checkout-form` },
  steps: { pattern: '/:lng/onboarding/steps', build: (lng: Language) => `/${lng}/onboarding/steps` },
  verifyPhone: { pattern: '/:lng/onboarding/steps/verify-phone', build: (lng: Language) => `/${lng}/onboarding/steps/verify-phone` },
  size: { pattern: '/:lng/onboarding/steps/size', build: (lng: Language) => `/${lng}/onboarding/steps/size` },
  details: { pattern: '/:lng/onboarding/steps/details', build: (lng: Language) => `/${lng}/onboarding/steps/details` },
  crm: { pattern: '/:lng/onboarding/steps/crm', build: (lng: Language) => `/${lng}/onboarding/steps/crm` },
  success: { pattern: '/success', build: () => '/success' },
  appDownloadMacos: { pattern: '/app-download/macos', build: () => '/app-download/macos' },
  voiceGenerator: { pattern: '/voice-generator', build: () => '/voice-generator' },
  voiceGeneratorLocalized: { pattern: '/:lng/voice-generator', build: (lng: Language) => `/${lng}/voice-generator` },
  account: { pattern: '/account', build: () => '/account' },
  privacy: { pattern: '/:lng/privacy', build: (lng: Language) => `/${lng}/privacy` },
  terms: { pattern: '/:lng/terms', build: (lng: Language) => `/${lng}/terms` },
  contact: { pattern: '/:lng/contact', build: (lng: Language) => `/${lng}/contact` },
  charts: { pattern: '/inspect/charts', build: () => '/inspect/charts' },
} as const;

export type PathName = keyof typeof paths;

/** Adds a search string, dropping empty values, so builders stay free of query plumbing. */
export function withSearch(path: string, params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
