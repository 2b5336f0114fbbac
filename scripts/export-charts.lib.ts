import { join } from 'node:path';
import { projectRoot } from '../server/config/project-root';
import { charts } from '../machines/charts';
import { machineConfigJson } from './charts/machine-config';

export const chartsDir = join(projectRoot(), 'docs', 'charts');

export { charts };

/** The exported config JSON of every chart, keyed by file name (stable formatting for review diffs). */
export function chartDefinitions(): Record<string, string> {
  return Object.fromEntries(Object.entries(charts).map(([name, machine]) => [name, `${JSON.stringify(machineConfigJson(machine), null, 2)}\n`]));
}
