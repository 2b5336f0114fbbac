import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { projectRoot } from '../../server/config/project-root';

const axeSource = readFileSync(join(projectRoot(), 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

interface AxeResult {
  violations: Array<{ id: string; nodes: Array<{ target: unknown }> }>;
}

/** Runs axe-core in the page; each violation reads `rule-id: [targets]`, so an empty list is a pass. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, not added as an inline <script>: the product's CSP
  // (script-src 'self') rightly refuses inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
  });
}
