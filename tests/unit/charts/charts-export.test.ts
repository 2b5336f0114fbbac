import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chartDefinitions, chartsDir } from '../../../scripts/export-charts.lib';

describe('exported chart JSON (docs/charts, for Stately)', () => {
  it('is up to date with the machines — run `npm run charts:export` after changing a chart', () => {
    for (const [name, json] of Object.entries(chartDefinitions())) {
      expect(readFileSync(join(chartsDir, `${name}.json`), 'utf8'), `${name}.json`).toBe(json);
    }
  });
});
