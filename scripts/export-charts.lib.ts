import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { projectRoot } from '../server/config/project-root';
import { generatorMachine } from '../machines/generator.machine';
import { onboardingMachine } from '../machines/onboarding.machine';
import { sessionMachine } from '../machines/session.machine';
import { reviewMachine } from '../machines/onboarding.review.machine';
import { checkoutMachine } from '../src/features/checkout/checkout.machine';
import { signupMachine } from '../src/features/landing/signup.machine';
import { machineConfigJson } from './charts/machine-config';

export const chartsDir = join(projectRoot(), 'docs', 'charts');

/** Every chart of the product, by the name of its exported file. */
export const charts: Record<string, AnyStateMachine> = {
  session: sessionMachine,
  signup: signupMachine,
  onboarding: onboardingMachine,
  review: reviewMachine,
  paywall: checkoutMachine,
  generator: generatorMachine,
};

/** The exported config JSON of every chart, keyed by file name (stable formatting for review diffs). */
export function chartDefinitions(): Record<string, string> {
  return Object.fromEntries(Object.entries(charts).map(([name, machine]) => [name, `${JSON.stringify(machineConfigJson(machine), null, 2)}\n`]));
}
