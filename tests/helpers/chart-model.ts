import { getShortestPaths } from '@xstate/graph';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { chartStateIds, chartTransitions, replayChart } from './chart-replay';

/**
 * A chart's test model, for charts whose events can be listed as fixtures: the REAL chart with
 * stand-in actors that never settle (their outcomes are fixture events such as
 * `xstate.done.actor.<id>`), one fixture or more per event, and what tells two snapshots apart.
 */
export interface ChartModel<TEvent extends EventObject = AnyEventObject> {
  /** The chart as it runs in tests: real states and guards, actors that never settle. */
  machine: AnyStateMachine;
  /** The inputs an actor of the chart can start with (one walk each; e.g. a restored step). */
  inputs: readonly unknown[];
  /** Every event the chart handles (chart events, actor outcomes, timers). */
  fixtures: readonly TEvent[];
  serialize: (snapshot: AnyMachineSnapshot) => string;
}

/** One generated path: how the actor starts, and the events sent to it. */
export interface ModelPath<TEvent extends EventObject = AnyEventObject> {
  input: unknown;
  events: TEvent[];
}

export interface ChartCoverage {
  states: string[];
  transitions: string[];
  missingStates: string[];
  missingTransitions: string[];
}

function enabledEvents<TEvent extends EventObject>(model: ChartModel<TEvent>, snapshot: AnyMachineSnapshot): TEvent[] {
  return model.fixtures.filter((event) => snapshot.can(event));
}

function replay<TEvent extends EventObject>(model: ChartModel<TEvent>, path: ModelPath<TEvent>) {
  return replayChart(model.machine, path.input, path.events);
}

/**
 * The path set: for each input, @xstate/graph's shortest path to every distinct state (dropping
 * those that are a prefix of another), then, for each transition they leave untaken, a path to a
 * state where it is enabled plus the event that takes it (only those that add one are kept).
 */
export function chartPathSet<TEvent extends EventObject>(model: ChartModel<TEvent>): ModelPath<TEvent>[] {
  const paths: ModelPath<TEvent>[] = [];
  const covered = new Set<string>();
  for (const input of model.inputs) {
    const traversal = { input, events: ((snapshot: AnyMachineSnapshot) => enabledEvents(model, snapshot)) as never, serializeState: model.serialize as never };
    const shortest = getShortestPaths(model.machine, traversal) as unknown as { state: AnyMachineSnapshot; steps: { event: TEvent }[] }[];
    const prefixes = shortest.map((path) => path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init'));
    const keys = prefixes.map((events) => events.map((event) => JSON.stringify(event)).join('>'));
    const maximal = prefixes.filter((_, index) => !keys.some((other, otherIndex) => otherIndex !== index && other.startsWith(`${keys[index]}>`)));
    for (const events of maximal) {
      replay(model, { input, events }).transitions.forEach((key) => covered.add(key));
      paths.push({ input, events });
    }
    shortest.forEach((path, index) => {
      for (const next of enabledEvents(model, path.state)) {
        const candidate = { input, events: [...(prefixes[index] ?? []), next] };
        const taken = [...replay(model, candidate).transitions].filter((key) => !covered.has(key));
        if (taken.length === 0) continue;
        taken.forEach((key) => covered.add(key));
        paths.push(candidate);
      }
    });
  }
  return paths;
}

/** Which state nodes and transition definitions the paths take, replayed on a live actor. */
export function chartCoverage<TEvent extends EventObject>(model: ChartModel<TEvent>, paths: readonly ModelPath<TEvent>[]): ChartCoverage {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const path of paths) {
    const run = replay(model, path);
    run.stateIds.forEach((id) => states.add(id));
    run.transitions.forEach((key) => transitions.add(key));
  }
  return {
    states: [...states],
    transitions: [...transitions],
    missingStates: chartStateIds(model.machine).filter((id) => !states.has(id)),
    missingTransitions: [...chartTransitions(model.machine).keys()].filter((key) => !transitions.has(key)),
  };
}
