import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { activeStateIds } from '../../../machines/active-states';
import { chartCoverWalk, chartSteps, type ChartModel, type ModelPath, type StepLabel } from '../../helpers/chart-model';
import { chartStateIds, chartTransitions } from '../../helpers/chart-replay';
import { chartsDir } from '../../../scripts/export-charts.lib';
import type { ChartAdapter } from './adapter';

/** A chart's browser path set, and what the browser can and cannot cover on it. */
export interface BrowserPlan {
  adapter: ChartAdapter<unknown>;
  paths: ModelPath[];
  /** Every state node of the chart (the browser's goal: all of them). */
  states: string[];
  /**
   * The transitions the browser's events reach (a person's, the server's answers, failures the test
   * injects): the denominator of the browser's transition coverage.
   */
  userCausable: string[];
  /** The other transitions, each with why neither a person nor the test can make the page take it. */
  notUserCausable: { transition: string; why: string }[];
  /** User-causable transitions only events these tests do not drive yet reach, and what it would take. */
  undriven: { transition: string; why: string }[];
}

/**
 * The browser's path set of a chart, from the same graph as `npm run test:paths`: the chart's model
 * with the events neither a person nor the test can cause left out (each adapter says which and
 * why), and the prompt answers of the real server (or failures injected in its place) taken before
 * anything else (a person cannot click between a request
 * and its answer reliably, so paths do not either). Few long paths cover every state and transition
 * these events reach (chartCoverWalk): each path is one fresh browser context, the costly part.
 */
export function browserPlan(adapter: ChartAdapter<unknown>): BrowserPlan {
  const roleIs = (event: AnyEventObject, role: string, snapshot?: AnyMachineSnapshot) => adapter.roleOf(event, snapshot).role === role;
  const unreachable = (event: AnyEventObject) => roleIs(event, 'unreachable');
  let excludeUndriven = true;
  const options = {
    maxLength: adapter.maxLength ?? 30,
    choose: (snapshot: AnyMachineSnapshot, enabled: AnyEventObject[]) => {
      const possible = (adapter.allow ? enabled.filter((event) => adapter.allow!(snapshot, event)) : enabled).filter(
        (event) => !roleIs(event, 'unreachable', snapshot) && (excludeUndriven ? !roleIs(event, 'undriven', snapshot) : true),
      );
      // A failure injected into the request is as prompt as the server's answer would be; so is an
      // actor's outcome not driven yet, when reckoning what could be caused.
      const prompt = (event: AnyEventObject) =>
        roleIs(event, 'answer', snapshot) || roleIs(event, 'failure', snapshot) || (!excludeUndriven && /^xstate\.(done|error)\.actor\./.test(event.type) && roleIs(event, 'undriven', snapshot));
      const answers = possible.filter(prompt);
      return answers.length > 0 ? answers : possible;
    },
  };
  // Events whose role never depends on the snapshot are left out of the model; the others per snapshot (choose).
  const causable: ChartModel = { ...adapter.model, fixtures: adapter.model.fixtures.filter((event) => !unreachable(event)) };
  const walk = chartCoverWalk(causable, options);
  // What a person could cause, driven here or not: the denominator.
  excludeUndriven = false;
  const reachable = new Set(chartCoverWalk(causable, { ...options, maxLength: 0 }).reachable.transitions);
  const drivable = new Set(walk.reachable.transitions);
  const undrivenWhy = [...new Set(adapter.model.fixtures.filter((event) => roleIs(event, 'undriven')).map((event) => `${event.type}: ${(adapter.roleOf(event) as { why: string }).why}`))].join('; ');
  const whyOf = (key: string) => {
    const note = adapter.notes?.[key];
    if (note) return note;
    const eventType = key.split('|')[1]!;
    const refused = adapter.model.fixtures.filter((event) => event.type === eventType && unreachable(event));
    const reasons = [...new Set(refused.map((event) => (adapter.roleOf(event) as { why: string }).why))];
    if (reasons.length > 0 && refused.length === adapter.model.fixtures.filter((event) => event.type === eventType).length) return reasons.join('; ');
    return reasons.length > 0
      ? `its answers that a person can cause do not lead here (${reasons.join('; ')})`
      : 'only reachable through an unreachable event, or between a request and its prompt answer';
  };
  return {
    adapter,
    paths: walk.paths,
    states: chartStateIds(adapter.model.machine),
    userCausable: [...chartTransitions(adapter.model.machine).keys()].filter((key) => reachable.has(key)),
    notUserCausable: [...chartTransitions(adapter.model.machine).keys()].filter((key) => !reachable.has(key)).map((transition) => ({ transition, why: whyOf(transition) })),
    undriven: [...reachable]
      .filter((key) => !drivable.has(key))
      .map((transition) => {
        // The undriven event this transition takes, else (an eventless one, or one only after it) all of them.
        const own = adapter.model.fixtures.find((event) => event.type === transition.split('|')[1] && roleIs(event, 'undriven'));
        return { transition, why: own ? (adapter.roleOf(own) as { why: string }).why : `after one of: ${undrivenWhy}` };
      }),
  };
}

/**
 * The browser plans as committed (docs/charts/browser-paths.json), for testers to read and for the
 * browser run to follow: deriving them took the first browser share ~10 s at import, on the suite's
 * longest lane (#40.3). `npm run charts:export` writes them; tests/unit/charts/charts-export.test.ts
 * fails while they differ from what the charts and adapters give now. A path's events are kept as
 * indices into its model's fixtures (and its input as one into its inputs), so the browser sends the
 * very fixture objects the plan was derived with; `names` is for people.
 */
export const browserPlansFile = join(chartsDir, 'browser-paths.json');

interface SavedPlan {
  paths: { input: number; events: number[]; names: string }[];
  states: string[];
  userCausable: string[];
  notUserCausable: BrowserPlan['notUserCausable'];
  undriven: BrowserPlan['undriven'];
}

/** The plans derived now, as the committed file's text (stable formatting for review diffs). */
export function savedBrowserPlans(adapters: readonly ChartAdapter<unknown>[]): string {
  const saved: Record<string, SavedPlan> = {};
  for (const adapter of adapters) {
    const { adapter: _, paths, ...lists } = browserPlan(adapter);
    const indexIn = <T>(list: readonly T[], item: T, what: string) => {
      const index = list.indexOf(item);
      if (index < 0) throw new Error(`${adapter.chart}: a path's ${what} is not one of its model's`);
      return index;
    };
    saved[adapter.chart] = {
      paths: paths.map((path) => ({
        input: indexIn(adapter.model.inputs, path.input, 'input'),
        events: path.events.map((event) => indexIn(adapter.model.fixtures, event, `event ${event.type}`)),
        names: path.events.map(eventName).join(' → '),
      })),
      ...lists,
    };
  }
  // A path's indices on one line each, as its names are.
  return `${JSON.stringify(saved, null, 2).replace(/\[\s+([\d,\s]+?)\s+\]/g, (_, inner: string) => `[${inner.split(/\s*,\s*/).join(', ')}]`)}\n`;
}

/** The committed plans, each path's events the model's own fixture objects again. */
export function committedBrowserPlans(adapters: readonly ChartAdapter<unknown>[]): BrowserPlan[] {
  const saved = JSON.parse(readFileSync(browserPlansFile, 'utf8')) as Record<string, SavedPlan>;
  return adapters.map((adapter) => {
    const plan = saved[adapter.chart];
    if (!plan) throw new Error(`${adapter.chart} has no committed browser plan: run \`npm run charts:export\``);
    const { paths, ...lists } = plan;
    return { adapter, paths: paths.map((path) => ({ input: adapter.model.inputs[path.input], events: path.events.map((index) => adapter.model.fixtures[index]!) })), ...lists };
  });
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

/** The state nodes of the path's snapshot after `step` events (where a page was first seen). */
export function firstSeenStates(plan: BrowserPlan, path: ModelPath, step: number): string[] {
  return activeStateIds(chartSteps(plan.adapter.model, path).snapshots[step]!);
}

/** The role of each of the path's events, by type (`user`, `answer`, `failure`…), as its adapter gives it at that step. */
export function pathRoles(plan: BrowserPlan, path: ModelPath): string[] {
  const { snapshots } = chartSteps(plan.adapter.model, path);
  return path.events.map((event, index) => plan.adapter.roleOf(event, snapshots[index]).role);
}
