/**
 * `npm run charts:export`: writes each statechart's config as JSON (scripts/charts/machine-config.ts:
 * what `createMachine(json, implementations)` and Stately's tools read, nothing left as a marker) to
 * docs/charts/<name>.json, and the browser path tests' plans to docs/charts/browser-paths.json. Run
 * it after changing a chart or a browser adapter; tests/unit/charts/charts-export.test.ts fails while
 * the committed files are out of date.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { browserCharts } from '../tests/e2e/paths/charts';
import { browserPlansFile, savedBrowserPlans } from '../tests/e2e/paths/plan';
import { chartDefinitions, chartsDir } from './export-charts.lib';

mkdirSync(chartsDir, { recursive: true });
for (const [name, json] of Object.entries(chartDefinitions())) {
  const file = join(chartsDir, `${name}.json`);
  writeFileSync(file, json);
  console.log(`wrote ${file}`);
}
// The browser path tests' plans (tests/e2e/paths/plan.ts), derived from the same charts.
writeFileSync(browserPlansFile, savedBrowserPlans(browserCharts));
console.log(`wrote ${browserPlansFile}`);
