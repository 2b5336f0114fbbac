import type { AnyStateMachine } from 'xstate';
import { appMachine } from '../../machines/app.machine';
import { generatorMachine } from '../../machines/generator.machine';
import { reviewMachine } from '../../machines/onboarding.review.machine';
import { onboardingMachine } from '../../machines/onboarding.machine';
import { sessionMachine } from '../../machines/session.machine';
import { checkoutMachine } from '../features/onboarding/checkout/checkout.machine';
import { signupMachine } from '../features/landing/signup.machine';
import type { ChartName } from '../platform/live-state/live-state';

/** Every chart of the product, in the order a visitor meets them: drawn by the viewer, exported for Stately. */
export const charts: Record<ChartName, AnyStateMachine> = {
  app: appMachine,
  session: sessionMachine,
  signup: signupMachine,
  onboarding: onboardingMachine,
  review: reviewMachine,
  paywall: checkoutMachine,
  generator: generatorMachine,
};
