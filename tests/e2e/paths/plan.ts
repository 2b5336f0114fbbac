import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { chartCoverWalk, chartSteps, type ChartModel, type ModelPath, type StepLabel } from '../../helpers/chart-model';
import { chartStateIds, chartTransitions } from '../../helpers/chart-replay';
import type { ChartAdapter } from './adapter';

/** A chart's browser path set, and what the browser can and cannot cover on it. */
export interface BrowserPlan {
  adapter: ChartAdapter<unknown>;
  paths: ModelPath[];
  /** Every state node of the chart (the browser's goal: all of them). */
  states: string[];
  /** The transitions the browser's events reach: the denominator of the browser's transition coverage. */
  userCausable: string[];
  /** The other transitions, each with why no person can make the real server take it. */
  notUserCausable: { transition: string; why: string }[];
}

/**
 * The browser's path set of a chart, from the same graph as `npm run test:paths`: the chart's model
 * with the events no person can cause left out (each adapter says which and why), and the prompt
 * answers of the real server taken before anything else (a person cannot click between a request
 * and its answer reliably, so paths do not either). Few long paths cover every state and transition
 * these events reach (chartCoverWalk): each path is one fresh browser context, the costly part.
 */
export function browserPlan(adapter: ChartAdapter<unknown>): BrowserPlan {
  const unreachable = (event: AnyEventObject) => adapter.roleOf(event).role === 'unreachable';
  const model: ChartModel = { ...adapter.model, fixtures: adapter.model.fixtures.filter((event) => !unreachable(event)) };
  const walk = chartCoverWalk(model, {
    maxLength: adapter.maxLength ?? 30,
    choose: (snapshot: AnyMachineSnapshot, enabled: AnyEventObject[]) => {
      const possible = adapter.allow ? enabled.filter((event) => adapter.allow!(snapshot, event)) : enabled;
      const answers = possible.filter((event) => adapter.roleOf(event).role === 'answer');
      return answers.length > 0 ? answers : possible;
    },
  });
  const reachable = new Set(walk.reachable.transitions);
  const whyOf = (key: string) => {
    const note = adapter.notes?.[key];
    if (note) return note;
    const eventType = key.split('|')[1]!;
    const refused = adapter.model.fixtures.filter((event) => event.type === eventType && unreachable(event));
    const reasons = [...new Set(refused.map((event) => (adapter.roleOf(event) as { why: string }).why))];
    if (reasons.length > 0 && refused.length === adapter.model.fixtures.filter((event) => event.type === eventType).length) return reasons.join('; ');
    return reasons.length > 0
      ? `its answers that a person can cause do not lead here (${reasons.join('; ')})`
      : 'only reachable through an unreachable answer, or between a request and its prompt answer';
  };
  return {
    adapter,
    paths: walk.paths,
    states: chartStateIds(adapter.model.machine),
    userCausable: [...chartTransitions(adapter.model.machine).keys()].filter((key) => reachable.has(key)),
    notUserCausable: [...chartTransitions(adapter.model.machine).keys()].filter((key) => !reachable.has(key)).map((transition) => ({ transition, why: whyOf(transition) })),
  };
}

/** A short, readable name of a path's event: its type, with the one value that tells fixtures apart. */
export function eventName(event: AnyEventObject): string {
  const type = event.type.replace(/^xstate\.(done|error)\.actor\./, (_match, kind: string) => (kind === 'done' ? '✓' : '✗'));
  const detail = ['voice', 'lang', 'field', 'output', 'route', 'kind']
    .map((key) => (event as Record<string, unknown>)[key])
    .find((value) => typeof value === 'string' || typeof value === 'boolean');
  const outcome = (event as { output?: unknown }).output;
  const extra = detail ?? (outcome && typeof outcome === 'object' && 'returning' in outcome ? `returning=${String((outcome as { returning: boolean }).returning)}` : undefined);
  return extra === undefined ? type : `${type}(${String(extra)})`;
}

/** What a path takes on the model, step by step (step 0: the start). */
export function pathLabels(plan: BrowserPlan, path: ModelPath): StepLabel[] {
  return chartSteps(plan.adapter.model, path).labels;
}
