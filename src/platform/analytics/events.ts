import type { AnalyticsEventKey } from '../../../core/analytics-events';

/**
 * The shape of each event's properties; the names are core's (core/analytics-events.ts). Call sites
 * use the constants with `logEvent` from ./analytics:
 *
 *   logEvent(analyticsEvents.codeVerified, { channel: 'sms', lng } satisfies EventProperties<'codeVerified'>);
 *
 * or, type-checked end to end, `track('codeVerified', { channel: 'sms' })`.
 *
 * Context every event carries without the caller adding it (see ./context.ts): `lng` (from the
 * address), `landing` (the landing page the visit started on), `custom_code` and `utm_*` (saved by
 * the app shell from the first address that had them). A caller may still pass them explicitly.
 */
export { analyticsEvents, type AnalyticsEventKey, type AnalyticsEventName } from '../../../core/analytics-events';

/** The onboarding steps that have a page, in the suggested order (SPEC §2). */
export const onboardingSteps = ['verify-phone', 'size', 'details', 'crm'] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

/** The landing pages a visit can start on (the `landing` context property). */
export const landingPages = ['start', 'form', 'demo', 'email-form', 'sign-in-otp', 'voice-generator', 'other'] as const;
export type LandingPage = (typeof landingPages)[number];

export type Plan = 'business' | 'starter';
export type BillingInterval = 'yearly' | 'monthly';
export type CodeChannel = 'sms' | 'email';

/** Added to every event automatically; listed so the server and the report read the same names. */
export interface EventContext {
  lng?: 'en' | 'fr';
  landing?: LandingPage;
  custom_code?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
}

interface PlanChoice {
  plan: Plan;
  interval: BillingInterval;
  /** ISO 4217, e.g. EUR. */
  currency: string;
}

/** Properties each event expects (beyond the automatic context). */
export interface EventPropertiesByKey {
  pageViewed: { page_path: string; page_title?: string; page_location?: string; referrer?: string };
  signupFormSubmitted: { page: LandingPage; email_kind?: 'work' | 'personal' | 'disposable' | 'invalid' };
  codeSent: { channel: CodeChannel; purpose: 'sign-up' | 'sign-in' | 'verify-phone' };
  codeResent: { channel: CodeChannel; purpose: 'sign-up' | 'sign-in' | 'verify-phone' };
  codeVerified: { channel: CodeChannel; purpose: 'sign-up' | 'sign-in' | 'verify-phone' };
  onboardingStepViewed: { step: OnboardingStep };
  onboardingStepSkipped: { step: OnboardingStep; reason: 'already-satisfied' };
  onboardingStepCompleted: { step: OnboardingStep; size?: string; crm?: string };
  identityCheckCompleted: { result: 'validated' | 'failed' };
  paywallViewed: PlanChoice;
  planSelected: PlanChoice;
  checkoutStarted: PlanChoice & { provider: 'local' | 'stripe' };
  trialStarted: PlanChoice & { trial_end?: string };
  startQuestionnaireCompleted: Record<string, never>;
  onboardingFinished: Partial<PlanChoice>;
  greetingGenerated: { voice: string; text_length: number };
  greetingFailed: { voice: string };
}

export type EventProperties<K extends AnalyticsEventKey> = EventPropertiesByKey[K] & EventContext;
