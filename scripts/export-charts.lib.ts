import { join } from 'node:path';
import { projectRoot } from '../server/config/project-root';
import { generatorMachine } from '../machines/generator.machine';
import { onboardingMachine } from '../machines/onboarding.machine';
import { sessionMachine } from '../machines/session.machine';

export const chartsDir = join(projectRoot(), 'docs', 'charts');

/** The exported JSON of every chart, keyed by file name (stable formatting for review diffs). */
export function chartDefinitions(): Record<string, string> {
  const machines = { onboarding: onboardingMachine, generator: generatorMachine, session: sessionMachine };
  return Object.fromEntries(Object.entries(machines).map(([name, machine]) => [name, `${JSON.stringify(machine.toJSON(), null, 2)}\n`]));
}
