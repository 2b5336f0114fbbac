/**
 * Every analytics event the product logs, once: its name (what analysts see) and the shape of its
 * properties. Call sites use the constants with `logEvent` from ./analytics:
 *
 *   logEvent(analyticsEvents.codeVerified, { channel: 'sms', lng } satisfies EventProperties<'codeVerified'>);
 *
 * or, type-checked end to end, `track('codeVerified', { channel: 'sms' })`.
 *
 * Context every event carries without the caller adding it (see ./context.ts): `lng` (from the
 * address), `landing` (the landing page the visit started on), `custom_code` and `utm_*` (saved by
 * the app shell from the first address that had them). A caller may still pass them explicitly.
 *
 * Names are lowercase words with spaces ("code verified"), except the two kept from the previous
 * product for dashboard continuity (start-questionnaire-completed, web2app-onboarding-finished) and
 * Amplitude's own page-view name. Decision: docs/decisions/501-analytics-event-naming.md.
 */
export const analyticsEvents = {
  pageViewed: '[Amplitude] Page Viewed',
  signupFormSubmitted: 'signup form submitted',
  codeSent: 'code sent',
  codeResent: 'code resent',
  codeVerified: 'code verified',
  onboardingStepViewed: 'onboarding step viewed',
  /** A step not shown because already satisfied (verify-phone after a phone sign-up): passed, not dropped. */
  onboardingStepSkipped: 'onboarding step skipped',
  onboardingStepCompleted: 'onboarding step completed',
  identityCheckCompleted: 'identity check completed',
  paywallViewed: 'paywall viewed',
  planSelected: 'plan selected',
  checkoutStarted: 'checkout started',
  trialStarted: 'trial started',
  startQuestionnaireCompleted: 'start-questionnaire-completed',
  onboardingFinished: 'web2app-onboarding-finished',
  greetingGenerated: 'greeting generated',
  greetingFailed: 'greeting failed',
} as const;

export type AnalyticsEventKey = keyof typeof analyticsEvents;
export type AnalyticsEventName = (typeof analyticsEvents)[AnalyticsEventKey];

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
