/**
 * Every analytics event the product logs, once: its name, as analysts see it. The SPA logs them
 * (src/platform/analytics: `track('codeVerified', { channel: 'sms' })` type-checks the properties, whose
 * shapes live in src/platform/analytics/events.ts), the server's ingest and funnel report read them
 * (server/analytics/funnel-steps.ts, core/contracts/analytics.ts), and the funnel chart maps them to
 * chart states (src/features/charts/funnel-map.ts).
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
