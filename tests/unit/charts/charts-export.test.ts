import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assign, createMachine, not, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineConfigJson, machineFromConfigJson, type ChartJson } from '../../../scripts/charts/machine-config';
import { machineShape } from '../../../scripts/charts/machine-shape';
import { chartDefinitions, charts, chartsDir } from '../../../scripts/export-charts.lib';
import { browserCharts } from '../../e2e/paths/charts';
import { browserPlansFile, savedBrowserPlans } from '../../e2e/paths/plan';

const committed = (name: string) => JSON.parse(readFileSync(join(chartsDir, `${name}.json`), 'utf8')) as ChartJson;

describe('exported chart config (docs/charts, for Stately and the team)', () => {
  it('is up to date with the machines — run `npm run charts:export` after changing a chart', () => {
    for (const [name, json] of Object.entries(chartDefinitions())) {
      expect(readFileSync(join(chartsDir, `${name}.json`), 'utf8'), `${name}.json`).toBe(json);
    }
  });

  it('keeps the browser path tests\' plans (docs/charts/browser-paths.json) as the charts and adapters give them — run `npm run charts:export`', { timeout: 60_000 }, () => {
    // Derived here, beside the server tests, rather than at the browser run's start (7 CPU-s).
    expect(readFileSync(browserPlansFile, 'utf8')).toBe(savedBrowserPlans(browserCharts));
  });

  it.each(Object.keys(charts))('%s round-trips: rebuilt from its JSON and named implementations, it has the same states and transitions', (name) => {
    const source = charts[name as keyof typeof charts];
    const rebuilt = machineFromConfigJson(committed(name), source.implementations);
    const [expected, actual] = [machineShape(source), machineShape(rebuilt)];
    expect(actual.states).toEqual(expected.states);
    expect(actual.transitions).toEqual(expected.transitions);
  });

  it('keeps the SPEC §4 loader rules of the funnel, in order, by guard name', () => {
    const onboarding = committed('onboarding') as { states: Record<string, ChartJson> };
    const { states } = onboarding;
    const waiting = states.waitingForSession!.always as { guard: string; target: string }[];
    // Rule 1: no session → the language home.
    expect(waiting[0]).toMatchObject({ guard: 'hasNoSession', target: 'home' });
    // Rule 2: a failed profile fetch continues with no user.
    expect((states.loadingProfile!.invoke as ChartJson).onError).toMatchObject({ target: 'routing', actions: 'forgetFetched' });
    // Rules 3–5, in order, ahead of the step choices.
    const routing = (states.routing!.always as { guard?: unknown }[]).map((transition) => transition.guard);
    expect(routing.slice(0, 4)).toEqual(['isKycBlocked', 'hasRoleOutsideSuccess', 'hasRoleOnSuccess', 'mustGoToNextSteps']);
    // Rule 5 continued at next-steps: no role without a live subscription; parameterised guards keep their params.
    const checking = ((states.nextSteps!.states as Record<string, ChartJson>).checkingSubscription!.invoke as ChartJson).onDone as { guard?: unknown; target: string }[];
    expect(checking[0]).toEqual({ guard: 'hasLiveSubscription', target: 'finishing' });
    expect(checking[2]).toMatchObject({ guard: { type: 'firstIncompleteIs', params: { step: 'verifyPhone' } }, target: '#onboarding.verifyPhone' });
  });

  it('refuses what a reader cannot rebuild from the JSON, naming where: and/or/not, params computed at run time, a delay with no values', () => {
    const guards = { a: () => true, b: (_: unknown, params: { n: number }) => params.n > 0 };
    const composed = setup({ guards }).createMachine({ id: 'x', initial: 'one', states: { one: { on: { go: [{ guard: not('a'), target: 'two' }] } }, two: {} } });
    expect(() => machineConfigJson(composed)).toThrow(/not guard at x\.states\.one\.on\.go\[0\]\.guard: write a named guard/);
    const dynamic = setup({ guards }).createMachine({
      id: 'x',
      initial: 'one',
      states: { one: { on: { go: [{ guard: { type: 'b', params: ({ event }) => ({ n: (event as unknown as { n: number }).n }) }, target: 'two' }] } }, two: {} },
    });
    expect(() => machineConfigJson(dynamic)).toThrow(/params computed at run time at x\.states\.one\.on\.go\[0\]\.guard \(b\)/);
    const timed = setup({ delays: { wait: () => 5 } }).createMachine({ id: 'x', initial: 'one', states: { one: { after: { wait: 'two' } }, two: {} } });
    expect(() => machineConfigJson(timed)).toThrow(/delay wait has no values/);
  });

  it('exports each named delay with its values, the ones the running chart waits', () => {
    const { delays } = committed('session') as { delays: { retryDelay: { ms: number[]; by: string } } };
    expect(delays.retryDelay).toEqual({ ms: [200, 400, 800, 1600, 3200, 6400, 12800], by: 'retries - 1' });
    const retryDelay = charts.session.implementations.delays.retryDelay as (args: { context: { retries: number } }) => number;
    expect(delays.retryDelay.ms.map((_, at) => retryDelay({ context: { retries: at + 1 } }))).toEqual(delays.retryDelay.ms);
  });

  it('no export holds a marker or a combinator a reader cannot implement', () => {
    for (const json of Object.values(chartDefinitions())) expect(json).not.toMatch(/xstate\.(dynamic|not|and|or)"/);
  });

  it("keeps the session chart's aal1/second step/aal2 choice (an eventless transition)", () => {
    const session = committed('session') as { states: { signedIn: { states: { routing: ChartJson } } } };
    expect(session.states.signedIn.states.routing.always).toEqual([{ guard: 'isAal2', target: 'aal2' }, { guard: 'hasVerifiedFactor', target: 'secondStepDue' }, { target: 'aal1' }]);
  });

  it('sees a lossy export: a chart missing one eventless transition has another shape', () => {
    const json = committed('session') as { states: { signedIn: { states: { routing: ChartJson } } } };
    json.states.signedIn.states.routing.always = [{ target: 'aal1' }];
    const lossy = machineShape(machineFromConfigJson(json as ChartJson, charts.session.implementations));
    expect(lossy.transitions).not.toEqual(machineShape(charts.session).transitions);
  });

  it('refuses a chart with an inline action, naming where it is', () => {
    const inline = createMachine({ id: 'x', initial: 'a', context: { n: 0 }, states: { a: { on: { go: { actions: assign({ n: 1 }) } } } } });
    expect(() => machineConfigJson(inline)).toThrow(/inline action at x\.states\.a\.on\.go\.actions\[0\]/);
    const named = setup({ actions: { bump: assign({ n: 1 }) } }).createMachine({ id: 'x', initial: 'a', context: { n: 0 }, states: { a: { on: { go: { actions: 'bump' } } } } });
    expect(machineConfigJson(named)).toMatchObject({ states: { a: { on: { go: { actions: 'bump' } } } } });
  });
});
