import type { FunnelChartNumbers } from '../../../core/contracts/analytics';
import { analyticsEvents } from '../../../core/analytics-events';
import type { ChartModel, ChartTransition } from './chart-model';
import type { ChartName } from '../../platform/live-state/live-state';

/** A transition named by where it starts, its event ('' for always), where it goes and its guard. */
export interface TransitionRef {
  source: string;
  event: string;
  target: string;
  guard?: string;
}

/** Where one funnel event happens on the product's charts: in a state, or on a transition. */
export interface FunnelPlace {
  /** The funnel step of the team's report (server/analytics/funnel-steps.ts) the event counts for. */
  step: string;
  event: string;
  /** For 'onboarding step viewed' / 'skipped': which step. */
  stepParam?: string;
  chart: ChartName;
  /** The state the people of this step are in; the chart view shows the step's numbers there. */
  state: string;
  /** The transition that sends the event, when it is a move rather than a state's entry. */
  transition?: TransitionRef;
}

/**
 * THE table: each funnel event (src/platform/analytics/events.ts, as the report reads it) and the
 * chart state or transition it belongs to. tests/unit/charts/funnel-map.test.ts checks that every
 * state and transition named here exists in its chart and that every step of the report is here.
 */
export const funnelPlaces: readonly FunnelPlace[] = [
  // A page view on a landing page: the sign-up form is open (SignupForm runs the sign-up chart).
  { step: 'visitors', event: analyticsEvents.pageViewed, chart: 'signup', state: 'signup.editing' },
  // SignupForm logs it as the code step accepts the code, with the chart's code.verified.
  {
    step: 'code_verified',
    event: analyticsEvents.codeVerified,
    chart: 'signup',
    state: 'signup.savingAccount',
    transition: { source: 'signup.enteringCode', event: 'code.verified', target: 'signup.savingAccount' },
  },
  // Each questionnaire state's entry action `viewed`.
  { step: 'step_verify_phone', event: analyticsEvents.onboardingStepViewed, stepParam: 'verify-phone', chart: 'onboarding', state: 'onboarding.verifyPhone' },
  // A phone proven by the sign-up code: loadingProfile's first answer sends verifyPhoneSatisfied.
  {
    step: 'step_verify_phone',
    event: analyticsEvents.onboardingStepSkipped,
    stepParam: 'verify-phone',
    chart: 'onboarding',
    state: 'onboarding.verifyPhone',
    transition: { source: 'onboarding.loadingProfile', event: 'xstate.done.actor.fetchUser', target: 'onboarding.routing', guard: 'isPhoneVerifiedAfterFetch' },
  },
  { step: 'step_size', event: analyticsEvents.onboardingStepViewed, stepParam: 'size', chart: 'onboarding', state: 'onboarding.size' },
  { step: 'step_details', event: analyticsEvents.onboardingStepViewed, stepParam: 'details', chart: 'onboarding', state: 'onboarding.details' },
  { step: 'step_crm', event: analyticsEvents.onboardingStepViewed, stepParam: 'crm', chart: 'onboarding', state: 'onboarding.crm' },
  // The paywall page (CheckoutFormPage) logs it once its plans and currency are shown.
  { step: 'paywall', event: analyticsEvents.paywallViewed, chart: 'onboarding', state: 'onboarding.checkoutForm' },
  // recordFinished (nextSteps.recording) logs the trial the first time a subscription reaches next-steps…
  { step: 'trial', event: analyticsEvents.trialStarted, chart: 'onboarding', state: 'onboarding.nextSteps.recording' },
  // …and that onboarding finished, then the chart moves to success.
  {
    step: 'finished',
    event: analyticsEvents.onboardingFinished,
    chart: 'onboarding',
    state: 'onboarding.success',
    transition: { source: 'onboarding.nextSteps.recording', event: 'xstate.done.actor.recordFinished', target: 'onboarding.success' },
  },
];

/** The chart's transition a reference names, if there is one. */
export function findTransition(model: ChartModel, ref: TransitionRef): ChartTransition | undefined {
  return model.transitions.find(
    (transition) =>
      transition.source === ref.source &&
      transition.event === ref.event &&
      transition.target === ref.target &&
      (ref.guard === undefined || transition.guard?.name === ref.guard),
  );
}

/** One step's numbers as the chart shows them. */
export interface StepNumbers {
  step: string;
  reached: number;
  /** Share of the funnel's first step (0..1). */
  ofFirst: number;
  /** Share of the previous step that came on to this one (0..1); 1 for the first. */
  fromPrevious: number;
  /** People who reached this step and not the next. */
  left: number;
}

/**
 * The endpoint's counts folded onto the chart: per state the view draws, the numbers of the steps
 * that happen there (two events of one step, viewed or skipped, are one count).
 */
export function foldNumbers(numbers: Pick<FunnelChartNumbers, 'steps'>, places: readonly FunnelPlace[] = funnelPlaces): Map<string, StepNumbers> {
  const first = numbers.steps[0]?.reached ?? 0;
  const byStep = new Map<string, StepNumbers>();
  numbers.steps.forEach((step, index) => {
    const previous = index === 0 ? step.reached : (numbers.steps[index - 1]?.reached ?? 0);
    byStep.set(step.key, {
      step: step.key,
      reached: step.reached,
      ofFirst: first === 0 ? 0 : step.reached / first,
      fromPrevious: index === 0 ? 1 : previous === 0 ? 0 : step.reached / previous,
      left: step.left,
    });
  });
  const byState = new Map<string, StepNumbers>();
  for (const place of places) {
    const counted = byStep.get(place.step);
    if (counted && !byState.has(place.state)) byState.set(place.state, counted);
  }
  return byState;
}
