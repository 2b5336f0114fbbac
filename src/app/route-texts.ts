import type { RoutedName } from '../../core/routes/route-matching';

/** The texts (i18next namespaces, besides 'common') each page shows as it first renders. */
export const routeTexts: Partial<Record<RoutedName, readonly string[]>> = {
  home: ['landing'],
  form: ['landing'],
  demo: ['landing'],
  emailForm: ['landing'],
  signInOtp: ['auth'],
  failure: ['landing'],
  onboarding: ['onboarding'],
  onboardingSuccess: ['onboarding'],
  nextSteps: ['onboarding'],
  // The paywall's frame paints at once at its address (its heading is the page's largest text), so
  // its texts and plans' chunk come at start-up too (see routeExtras); a visitor whose identity
  // check is in review is shown another page here, and downloads them (~5 KB) for nothing.
  checkoutForm: ['onboarding', 'checkout'],
  steps: ['onboarding'],
  verifyPhone: ['onboarding', 'landing'],
  size: ['onboarding'],
  details: ['onboarding'],
  crm: ['onboarding'],
  success: ['landing'],
  appDownloadMacos: ['landing'],
  voiceGenerator: ['voice'],
  voiceGeneratorLocalized: ['voice'],
  // The settings' cards speak auth (an email to confirm), social (ways to sign in) and passkeys: fetched
  // with the page, or the first card to ask would suspend the whole page (hidden, then shown again: CLS).
  account: ['account', 'auth', 'social', 'passkeys'],
  privacy: ['legal'],
  terms: ['legal'],
  contact: ['legal'],
};

/**
 * The namespaces a page starts with, 'common' first: what one start-up request holds
 * (scripts/vite-start-texts.ts writes one module per language and set, ./start-texts.ts loads it).
 */
export const startNamespaces = (name: RoutedName): readonly string[] => ['common', ...(routeTexts[name] ?? [])];
