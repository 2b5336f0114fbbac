import type { AnyStateMachine } from 'xstate';
import { appMachine } from './app.machine';
import { checkoutMachine } from './checkout.machine';
import { generatorMachine } from './generator.machine';
import { reviewMachine } from './onboarding.review.machine';
import { onboardingMachine } from './onboarding.machine';
import { sessionMachine } from './session.machine';
import { signupMachine } from './signup.machine';

/**
 * Every chart of the product, in the order a visitor meets them: drawn by the chart viewer
 * (src/features/charts), exported for Stately (scripts/export-charts.ts), published live under these
 * names (src/platform/live-state). Each is the chart with its stand-in actors; pages provide the real ones.
 */
export const charts = {
  app: appMachine,
  session: sessionMachine,
  signup: signupMachine,
  onboarding: onboardingMachine,
  review: reviewMachine,
  paywall: checkoutMachine,
  generator: generatorMachine,
} satisfies Record<string, AnyStateMachine>;

/** A chart's name, as the viewer lists it and a page publishes its live state under. */
export type ChartName = keyof typeof charts;
