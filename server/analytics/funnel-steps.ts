import { sql, type RawBuilder } from 'kysely';
import { analyticsEvents } from '../../core/analytics-events';
import { teamPagePaths } from '../../core/team-pages';

/**
 * The sign-up funnel as the team reads it: visitors → code verified → each onboarding step → paywall
 * → trial started → onboarding finished. Event names are core's (core/analytics-events.ts).
 */
export interface FunnelStepDefinition {
  key: string;
  label: string;
  eventType: string;
  /** For 'onboarding step viewed': which step. */
  step?: string;
  /**
   * Another event that passes this step: 'onboarding step skipped' when the step was already
   * satisfied (a phone proven by the sign-up code needs no verify-phone page), so it is not a drop.
   */
  orEventType?: string;
}

/** Adding or changing a step changes the rollup's columns: a migration adds `<key>_at` and backfills it. */
export const funnelSteps: readonly FunnelStepDefinition[] = [
  { key: 'visitors', label: 'Visitors', eventType: analyticsEvents.pageViewed },
  { key: 'code_verified', label: 'Code verified', eventType: analyticsEvents.codeVerified },
  { key: 'step_verify_phone', label: 'Step: verify phone', eventType: analyticsEvents.onboardingStepViewed, step: 'verify-phone', orEventType: analyticsEvents.onboardingStepSkipped },
  { key: 'step_size', label: 'Step: company size', eventType: analyticsEvents.onboardingStepViewed, step: 'size' },
  { key: 'step_details', label: 'Step: company details', eventType: analyticsEvents.onboardingStepViewed, step: 'details' },
  { key: 'step_crm', label: 'Step: CRM', eventType: analyticsEvents.onboardingStepViewed, step: 'crm' },
  { key: 'paywall', label: 'Paywall viewed', eventType: analyticsEvents.paywallViewed },
  { key: 'trial', label: 'Trial started', eventType: analyticsEvents.trialStarted },
  { key: 'finished', label: 'Onboarding finished', eventType: analyticsEvents.onboardingFinished },
];

/** Every event type a step reads: the others never reach the report. */
export const funnelEventTypes: readonly string[] = [
  ...new Set(funnelSteps.flatMap((step) => (step.orEventType ? [step.eventType, step.orEventType] : [step.eventType]))),
];

/**
 * The events the funnel reads: those of its steps, less the page views of the team's own pages (the
 * chart viewer, core/team-pages.ts): a look at the funnel's chart is no visitor of it (#37.5).
 */
export const funnelEventFilter: RawBuilder<unknown> = sql`event_type in (${sql.join([...funnelEventTypes])})
  and not (event_type = ${analyticsEvents.pageViewed} and coalesce(rtrim(event_properties->>'page_path', '/'), '') in (${sql.join([...teamPagePaths])}))`;

/** The first-touch dimensions a person carries (the report's splits). */
export const touchColumns = ['landing', 'utm_source', 'lng'] as const;

/** An event (a row with event_type and event_properties) that passes this step. */
export function stepFilter(step: FunnelStepDefinition): RawBuilder<unknown> {
  const types = step.orEventType ? sql`event_type in (${step.eventType}, ${step.orEventType})` : sql`event_type = ${step.eventType}`;
  return step.step === undefined ? types : sql`${types} and event_properties->>'step' = ${step.step}`;
}

/** The rollup's column holding the first time a person reached this step that day. */
export const stepColumn = (step: FunnelStepDefinition): string => `${step.key}_at`;

/** The report's person: the device, else the signed-in user. */
export const personKey = sql`coalesce(device_id, 'user:' || user_id)`;
