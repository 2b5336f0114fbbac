/**
 * `npm run charts:export`: writes each statechart's definition as JSON (XState's `machine.toJSON()`,
 * the format Stately's tools import) to docs/charts/<name>.json. Run it after changing a chart;
 * tests/unit/onboarding/charts-export.test.ts fails while the committed files are out of date.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chartDefinitions, chartsDir } from './export-charts.lib';

mkdirSync(chartsDir, { recursive: true });
for (const [name, json] of Object.entries(chartDefinitions())) {
  const file = join(chartsDir, `${name}.json`);
  writeFileSync(file, json);
  console.log(`wrote ${file}`);
}
