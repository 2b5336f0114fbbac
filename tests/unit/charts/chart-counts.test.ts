import { describe, expect, it } from 'vitest';
import { charts } from '../../../scripts/export-charts.lib';
import { chartCoverage, type ChartModel } from '../../helpers/chart-model';
import { appModel } from '../app/app-model';
import { sessionModel } from '../auth/session-model';
import { generatorModel } from '../greetings/generator-model';
import { signupModel } from '../landing/signup-model';
import * as onboarding from '../onboarding/model';
import { reviewModel } from '../onboarding/review-model';
import { paywallModel } from '../payments/paywall-model';

type StateConfig = {
  states?: Record<string, StateConfig>;
  on?: Record<string, unknown>;
  after?: Record<string, unknown>;
  always?: unknown;
  invoke?: unknown;
};

/** Candidates of one transition as written: a target string, one object, or a list of them. */
const candidates = (written: unknown) => (written === undefined ? 0 : Array.isArray(written) ? written.length : 1);

/**
 * The count read from what was written in `createMachine(...)`, not through XState's state nodes
 * or @xstate/graph (what test:paths uses): every state below the root, and every transition
 * candidate — `on`, `after`, `always`, each invoke's onDone/onError — the root's chart-wide ones too.
 */
function writtenCount(config: StateConfig, isRoot = true): { states: number; transitions: number } {
  const invokes = config.invoke === undefined ? [] : Array.isArray(config.invoke) ? config.invoke : [config.invoke];
  let transitions =
    Object.values(config.on ?? {}).reduce<number>((sum, written) => sum + candidates(written), 0) +
    Object.values(config.after ?? {}).reduce<number>((sum, written) => sum + candidates(written), 0) +
    candidates(config.always) +
    (invokes as { onDone?: unknown; onError?: unknown; onSnapshot?: unknown }[]).reduce((sum, invoke) => sum + candidates(invoke.onDone) + candidates(invoke.onError) + candidates(invoke.onSnapshot), 0);
  let states = isRoot ? 0 : 1;
  for (const child of Object.values(config.states ?? {})) {
    const count = writtenCount(child, false);
    states += count.states;
    transitions += count.transitions;
  }
  return { states, transitions };
}

/**
 * The totals test:paths prints (covered plus missing), measured along the empty path: the chart
 * starts, so the root and the initial states are active and must not be counted twice or at all.
 */
function printedTotals(name: string): { states: number; transitions: number } {
  if (name === 'onboarding') {
    const funnel = onboarding.coverage([{ events: [] }]);
    return { states: funnel.states.total, transitions: funnel.transitions.total };
  }
  const model = ({ app: appModel, session: sessionModel, signup: signupModel, review: reviewModel, paywall: paywallModel, generator: generatorModel } as Record<string, ChartModel>)[name]!;
  const result = chartCoverage(model, [{ input: model.inputs[0], events: [] }]);
  return { states: result.states.length + result.missingStates.length, transitions: result.transitions.length + result.missingTransitions.length };
}

describe('npm run test:paths counts what a chart has (no root, chart-wide transitions included)', () => {
  it.each(Object.keys(charts))('%s: its totals match a count of the chart as written', (name) => {
    const machine = charts[name as keyof typeof charts];
    expect(printedTotals(name)).toEqual(writtenCount(machine.config as StateConfig));
  });

  it('counts the funnel’s chart-wide transitions and leaves the root out of the states', () => {
    const root = charts.onboarding.config as StateConfig;
    expect(Object.values(root.on ?? {}).reduce<number>((sum, written) => sum + candidates(written), 0)).toBe(3);
    expect(printedTotals('onboarding')).toEqual({ states: 32, transitions: 69 });
    expect(printedTotals('paywall')).toEqual({ states: 3, transitions: 3 });
  });
});
