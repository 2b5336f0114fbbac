import { lazyPage, type LazyPage } from './lazy-page';
import type { PathName } from './paths';

const startPage = lazyPage(() => import('../features/landing/StartPage'));
const onboarding = lazyPage(() => import('../features/onboarding/OnboardingRoute'));
const legalPage = lazyPage(() => import('../features/legal/LegalPage'));
const voiceGenerator = lazyPage(() => import('../features/voice-generator/VoiceGeneratorPage'));

/** Which page each route shows. Onboarding's paths all go to the funnel, whose chart picks the step. */
export const routePages = {
  home: startPage,
  form: lazyPage(() => import('../features/landing/FormPage')),
  demo: lazyPage(() => import('../features/landing/DemoPage')),
  emailForm: lazyPage(() => import('../features/landing/EmailFormPage')),
  signInOtp: lazyPage(() => import('../features/auth/SignInOtpPage')),
  failure: lazyPage(() => import('../features/landing/FailurePage')),
  onboarding,
  onboardingSuccess: onboarding,
  nextSteps: onboarding,
  checkoutForm: onboarding,
  steps: onboarding,
  verifyPhone: onboarding,
  size: onboarding,
  details: onboarding,
  crm: onboarding,
  success: lazyPage(() => import('../features/landing/SuccessPage')),
  appDownloadMacos: lazyPage(() => import('../features/landing/AppDownloadMacosPage')),
  voiceGenerator,
  voiceGeneratorLocalized: voiceGenerator,
  account: lazyPage(() => import('../features/account/AccountPage')),
  privacy: legalPage,
  terms: legalPage,
  contact: lazyPage(() => import('../features/legal/ContactPage')),
  charts: lazyPage(() => import('../features/charts/ChartViewerPage')),
} satisfies Record<Exclude<PathName, 'root'>, LazyPage>;
