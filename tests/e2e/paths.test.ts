import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { projectRoot } from '../../server/config/project-root';
import { sharedBrowser } from '../helpers/file-browser';
import { browserCharts } from './paths/charts';
import { committedBrowserPlans, eventName, firstSeenStates, pathLabels, pathRoles, type BrowserPlan } from './paths/plan';
import { runPath } from './paths/run';

/**
 * Model-based tests in the browser (#13): each chart's path set is derived (committed in
 * docs/charts/browser-paths.json) from the same graph as `npm run test:paths` (the real chart, tests/helpers/chart-model.ts), restricted to what a person
 * can cause and the network or server failures the test injects (./paths/adapter.ts, `failure`); each path drives the real SPA against the real server in Chromium, one test per path,
 * and after every event checks the live state the page's chart publishes. At the end: the states
 * and transitions the browser was seen to take, per chart.
 */

// As committed (docs/charts/browser-paths.json, checked against the charts by the unit tests).
const plans: BrowserPlan[] = committedBrowserPlans(browserCharts);

interface Seen {
  states: Set<string>;
  transitions: Set<string>;
  /** Transitions seen taken by an event whose role is `failure` (a failure the test injected). */
  byFailure: Set<string>;
}
const seen = new Map<string, Seen>(plans.map((plan) => [plan.adapter.chart, { states: new Set(), transitions: new Set(), byFailure: new Set() }]));

function coverageTable(): string {
  const pct = (covered: number, total: number) => (total === 0 ? '—' : `${((covered / total) * 100).toFixed(1)} %`);
  const lines = [`${'chart'.padEnd(18)} ${'paths'.padStart(5)} ${'states'.padStart(18)} ${'transitions / causable'.padStart(24)} ${'by injected failure'.padStart(20)}   not causable`];
  const details: string[] = [];
  for (const plan of plans) {
    const taken = seen.get(plan.adapter.chart)!;
    const states = plan.states.filter((id) => taken.states.has(id));
    const transitions = plan.userCausable.filter((key) => taken.transitions.has(key));
    lines.push(
      `${plan.adapter.title.padEnd(18)} ${String(plan.paths.length).padStart(5)} ${`${states.length}/${plan.states.length} (${pct(states.length, plan.states.length)})`.padStart(18)} ${`${transitions.length}/${plan.userCausable.length} (${pct(transitions.length, plan.userCausable.length)})`.padStart(24)} ${String(taken.byFailure.size).padStart(20)}   ${plan.notUserCausable.length}`,
    );
    for (const id of plan.states.filter((state) => !taken.states.has(state))) details.push(`  ${plan.adapter.title}: state not seen: ${id}`);
    for (const key of plan.userCausable.filter((transition) => !taken.transitions.has(transition))) details.push(`  ${plan.adapter.title}: transition not seen: ${key}`);
    for (const key of [...taken.byFailure].sort()) details.push(`  ${plan.adapter.title}: caused by an injected failure: ${key}`);
    for (const { transition, why } of plan.undriven) details.push(`  ${plan.adapter.title}: causable, not driven yet: ${transition} — ${why}`);
    for (const { transition, why } of plan.notUserCausable) details.push(`  ${plan.adapter.title}: not causable: ${transition} — ${why}`);
  }
  return [...lines, ...details].join('\n');
}

describe('browser paths: each chart driven by its generated paths', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    const table = coverageTable();
    console.log(`\nBrowser path coverage (states seen / all; transitions seen / causable by a person or an injected failure; of those, seen taken by an injected failure)\n${table}`);
    const dir = join(projectRoot(), 'test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'browser-paths.txt'), `${table}\n`);
  });

  for (const plan of plans) {
    plan.paths.forEach((path, index) => {
      const name = `${plan.adapter.chart} ${index + 1}/${plan.paths.length}: ${path.events.map(eventName).join(' → ')}`;
      // A path runs in 1–10 s; 60 s leaves room for a loaded machine (each step waits up to 20 s).
      it(name, { timeout: 60_000 }, async () => {
        const result = await runPath(browser, baseURL, plan.adapter, path);
        // Only what the page was seen to do counts: the state it was first seen in, then each event checked.
        const all = pathLabels(plan, path);
        // Seen in its start state, the page also took the start's eventless transitions (starting → editing).
        const labels = !result.started ? [] : all.slice(result.from === 0 ? 0 : result.from + 1, result.verified + 1);
        const taken = seen.get(plan.adapter.chart)!;
        if (result.started && result.from > 0) firstSeenStates(plan, path, result.from).forEach((id) => taken.states.add(id));
        // Step k is the event at k - 1: a failure's step is what the injected failure caused.
        const roles = pathRoles(plan, path);
        const first = !result.started ? 0 : result.from === 0 ? 0 : result.from + 1;
        labels.forEach((label, offset) => {
          label.stateIds.forEach((id) => taken.states.add(id));
          label.transitions.forEach((key) => taken.transitions.add(key));
          // The failure's own transition (not the eventless ones that follow it).
          const event = path.events[first + offset - 1];
          if (event && roles[first + offset - 1] === 'failure') label.transitions.filter((key) => key.split('|')[1] === event.type).forEach((key) => taken.byFailure.add(key));
        });
        if (result.error) throw result.error;
      });
    });
  }
});
