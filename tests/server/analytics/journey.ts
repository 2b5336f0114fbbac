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

/** The ingest events of one visitor who went `depth` steps into the funnel, one minute apart from `start`, with `context` on each. */
export function visitor(device: string, depth: number, context: Record<string, string>, start = Date.parse('2026-04-05T09:00:00Z')) {
  return journey.slice(0, depth).map(([eventType, step], index) => ({
    event_type: eventType,
    device_id: device,
    time: start + index * 60_000,
    insert_id: `${device}-${index}`,
    event_properties: { ...context, ...(step ? { step } : {}) },
  }));
}
