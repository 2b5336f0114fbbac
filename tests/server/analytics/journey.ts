/** One visitor's way through the funnel, in order: the events (and onboarding step) the tests post. */
export type Step = [event: string, step?: string];

export const journey: Step[] = [
  ['[Amplitude] Page Viewed'],
  ['code verified'],
  ['onboarding step viewed', 'verify-phone'],
  ['onboarding step viewed', 'size'],
  ['onboarding step viewed', 'details'],
  ['onboarding step viewed', 'crm'],
  ['paywall viewed'],
  ['trial started'],
  ['web2app-onboarding-finished'],
];
