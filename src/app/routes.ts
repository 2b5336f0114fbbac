import { i18n, preloadTexts } from '../platform/i18n';
import type { Language } from '../../core/routes/languages';
import { lazyPage, type LazyPage } from './lazy-page';
import { registerPageFetcher } from '../platform/page-preload';
import type { PathName } from '../../core/routes/paths';
import { decideRoute, type RoutedName } from '../../core/routes/route-matching';
import { routeTexts } from './route-texts';

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
  // Its content waits for the subscription read: started with the code, not after it has rendered.
  account: lazyPage(() => import('../features/account/AccountPage'), {
    reads: () => import('../features/account/account-reads').then((reads) => reads.prefetchAccountReads()),
  }),
  privacy: legalPage,
  terms: legalPage,
  contact: lazyPage(() => import('../features/legal/ContactPage')),
  charts: lazyPage(() => import('../features/charts/ChartViewerPage')),
} satisfies Record<Exclude<PathName, 'root'>, LazyPage>;

// Links preload through the registry, so they need not import this table (which imports their pages).
registerPageFetcher((name) => void routePages[name].preload().catch(() => undefined));

/** Code a page shows in its first render besides its own chunk (code-split inside the page). */
const routeExtras: Partial<Record<RoutedName, () => Promise<unknown>>> = {
  checkoutForm: () => import('../features/onboarding/checkout/CheckoutFormPage'),
};

/**
 * Starts fetching the code and texts of the page an address shows. At start-up this runs beside the
 * config and common texts: otherwise the page's chunk is asked for only when the first render
 * suspends on it, and its texts only when the page then renders (three round trips one after the
 * other before the page paints, instead of one). A failed fetch is left to the render, which
 * shows the route's error.
 */
export function preloadPage(pathname: string, language: Language, { texts = true }: { texts?: boolean } = {}): void {
  const decision = decideRoute(pathname, () => language);
  if (decision.kind !== 'page') return;
  const page = routePages[decision.name];
  // Its chunk and its texts (handed to i18next as soon as it is ready) fetched now: the first render
  // then finds both and draws the page (./lazy-page), instead of suspending on them and showing the
  // loading spinner, after which React holds the page back 300 ms (its Suspense reveal throttle).
  // The paywall's frame painted 300 ms late that way, its chunk and texts long arrived.
  page.preload().catch(() => undefined);
  routeExtras[decision.name]?.().catch(() => undefined);
  // At start-up the texts come in one request of their own (./start-texts).
  if (!texts) return;
  const namespaces = routeTexts[decision.name] ?? [];
  preloadTexts(decision.lng ?? language, namespaces);
  if (namespaces.length === 0) return;
  const load = () => void i18n.loadNamespaces([...namespaces]).catch(() => undefined);
  if (i18n.isInitialized) return load();
  const initialized = () => {
    i18n.off('initialized', initialized);
    load();
  };
  i18n.on('initialized', initialized);
}
