import { getAdjacencyMap, getShortestPaths } from '@xstate/graph';
import { createActor, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type AnyTransitionDefinition, type EventObject } from 'xstate';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { activeStateIds } from '../../machines/active-states';
import { chartCode, machineFromConfigJson, type ChartJson } from '../../scripts/charts/machine-config';
import { chartsDir } from '../../scripts/export-charts.lib';
import { chartStateIds, chartTransitions, eventsKey, pathEnds, replayChart, transitionKeys, transitionsOfStep } from './chart-replay';

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
 * Whether an event of a type can still take a transition no path has taken: one defined for that
 * type, or one no fixture names (eventless, delayed, raised or wildcard ones may follow any event).
 * When neither is left, trying that event from another state adds nothing, so it is not tried: the
 * path set is the same, and the generator's was ~70,000 one-step replays, most of them to learn so.
 */
function uncoveredByType<TEvent extends EventObject>(model: ChartModel<TEvent>, covered: ReadonlySet<string>): (type: string) => boolean {
  const fixtureTypes = new Set(model.fixtures.map((event) => event.type));
  const byType = new Map<string, string[]>();
  const others: string[] = [];
  for (const key of chartTransitions(model.machine).keys()) {
    const type = key.split('|')[1] ?? '';
    if (!fixtureTypes.has(type)) others.push(key);
    else byType.set(type, [...(byType.get(type) ?? []), key]);
  }
  const open = (keys: readonly string[]) => keys.some((key) => !covered.has(key));
  return (type) => open(byType.get(type) ?? []) || open(others);
}

/**
 * Whether a path is not the start of a longer one in the list (the empty path always counts). Each
 * path's proper prefixes are collected once, instead of comparing every pair: the generator's ~2,000
 * shortest paths made that 4 million comparisons, a quarter of its path set's time (#40.3).
 */
function isMaximal<TEvent extends EventObject>(paths: readonly TEvent[][]): (path: TEvent[]) => boolean {
  const starts = new Set<string>();
  for (const events of paths) {
    // Each proper prefix's eventsKey, made one event longer at a time.
    let key = '';
    for (let length = 1; length < events.length; length++) {
      key = length === 1 ? JSON.stringify(events[0]) : `${key}>${JSON.stringify(events[length - 1])}`;
      starts.add(key);
    }
  }
  return (events) => events.length === 0 || !starts.has(eventsKey(events));
}

/**
 * The path set: for each input, @xstate/graph's shortest path to every distinct state (dropping
 * those that are a prefix of another), then, for each transition they leave untaken, a path to a
 * state where it is enabled plus the event that takes it (only those that add one are kept).
 */
export function chartPathSet<TEvent extends EventObject>(model: ChartModel<TEvent>): ModelPath<TEvent>[] {
  const paths: ModelPath<TEvent>[] = [];
  const covered = new Set<string>();
  const mayAdd = uncoveredByType(model, covered);
  for (const input of model.inputs) {
    const traversal = { input, events: ((snapshot: AnyMachineSnapshot) => enabledEvents(model, snapshot)) as never, serializeState: model.serialize as never };
    const shortest = getShortestPaths(model.machine, traversal) as unknown as { state: AnyMachineSnapshot; steps: { event: TEvent }[] }[];
    const prefixes = shortest.map((path) => path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init'));
    const maximal = prefixes.filter(isMaximal(prefixes));
    for (const events of maximal) {
      replay(model, { input, events }).transitions.forEach((key) => covered.add(key));
      paths.push({ input, events });
    }
    // Every prefix is a maximal path or a prefix of one, so its transitions are covered already:
    // what a candidate can add is what its last event takes, tried from the prefix's end.
    const endOf = pathEnds(model.machine, input);
    shortest.forEach((path, index) => {
      const enabled = enabledEvents(model, path.state).filter((next) => mayAdd(next.type));
      if (enabled.length === 0) return;
      const prefix = prefixes[index] ?? [];
      const persisted = endOf(prefix);
      for (const next of enabled) {
        if (!mayAdd(next.type)) continue;
        const candidate = { input, events: [...prefix, next] };
        const taken = [...transitionsOfStep(model.machine, input, persisted, next)].filter((key) => !covered.has(key));
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
  // Counted over what the chart has: the root, active in every snapshot, is not one of its states.
  const allStates = chartStateIds(model.machine);
  const allTransitions = [...chartTransitions(model.machine).keys()];
  return {
    states: allStates.filter((id) => states.has(id)),
    transitions: allTransitions.filter((key) => transitions.has(key)),
    missingStates: allStates.filter((id) => !states.has(id)),
    missingTransitions: allTransitions.filter((key) => !transitions.has(key)),
  };
}

/** What one step of a path did: the state nodes it entered (transient ones too) and the transitions it took. */
export interface StepLabel {
  stateIds: string[];
  transitions: string[];
}

/**
 * A live actor of the model's chart that says what each event it is sent does; from its start, or
 * restored from a snapshot persisted after a path's prefix (replayChart), to try events from there.
 */
export function chartStepper<TEvent extends EventObject>(model: ChartModel<TEvent>, input: unknown, persisted?: unknown) {
  const index = transitionKeys(model.machine);
  let current = { states: new Set<string>(), transitions: new Set<string>() };
  const actor = createActor(model.machine, {
    input,
    ...(persisted === undefined ? {} : { snapshot: persisted as never }),
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return;
      for (const id of activeStateIds(inspection.snapshot as AnyMachineSnapshot)) current.states.add(id);
      for (const taken of (inspection as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
        const key = index.get(taken);
        if (key) current.transitions.add(key);
        // The state a transition leaves was active, even a transient one no snapshot rests in.
        current.states.add(taken.source.id);
      }
    },
  });
  const close = (): StepLabel => {
    for (const id of activeStateIds(actor.getSnapshot() as AnyMachineSnapshot)) current.states.add(id);
    const label = { stateIds: [...current.states], transitions: [...current.transitions] };
    current = { states: new Set(), transitions: new Set() };
    return label;
  };
  // A stand-in actor's error event is part of the path, not a failure.
  actor.subscribe({ error: () => undefined });
  actor.start();
  const start = close();
  return {
    start,
    snapshot: () => actor.getSnapshot() as AnyMachineSnapshot,
    send(event: TEvent): StepLabel {
      actor.send(event);
      return close();
    },
    stop: () => actor.stop(),
  };
}

/**
 * Replays a path on a live actor and says, step by step, what each event did (step 0 is the start:
 * the initial state and any eventless transitions taken before the first event).
 */
export function chartSteps<TEvent extends EventObject>(model: ChartModel<TEvent>, path: ModelPath<TEvent>): { labels: StepLabel[]; snapshots: AnyMachineSnapshot[] } {
  const stepper = chartStepper(model, path.input);
  const labels = [stepper.start];
  const snapshots = [stepper.snapshot()];
  for (const event of path.events) {
    labels.push(stepper.send(event));
    snapshots.push(stepper.snapshot());
  }
  stepper.stop();
  return { labels, snapshots };
}

export interface CoverWalkOptions<TEvent extends EventObject> {
  /**
   * The events worth trying at a snapshot, among those enabled (default: all). A browser walk
   * uses it to let an actor's prompt answer come before anything else the visitor could do.
   */
  choose?: (snapshot: AnyMachineSnapshot, enabled: TEvent[]) => TEvent[];
  /** A path ends once it has this many events (default 30). */
  maxLength?: number;
}

export interface CoverWalk<TEvent extends EventObject> {
  paths: ModelPath<TEvent>[];
  /** Every state node id and transition key the model's events can reach (`state:` / `transition:` prefixed). */
  reachable: { states: string[]; transitions: string[] };
}

interface WalkNode<TEvent extends EventObject> {
  input: unknown;
  edges: { event: TEvent; to: string; label: StepLabel }[];
}

type Adjacency<TEvent extends EventObject> = Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: TEvent; state: AnyMachineSnapshot }> }>;

/**
 * The shortest event sequence to every node of an adjacency map, keyed as the map is: what
 * @xstate/graph's `getShortestPaths` gives (its algorithm, step for step, so the same sequence where
 * several are as short), from the map already made instead of a second traversal of the chart (the
 * browser plans' largest cost at import, #40.3). The map's first key is its start.
 */
function shortestPrefixes<TEvent extends EventObject>(adjacency: Adjacency<TEvent>, serialize: (snapshot: AnyMachineSnapshot) => string): Map<string, TEvent[]> {
  const [start] = Object.keys(adjacency);
  const best = new Map<string, { weight: number; from?: string; event?: TEvent }>();
  if (start === undefined) return new Map();
  best.set(start, { weight: 0 });
  const unvisited = new Set([start]);
  const visited = new Set<string>();
  for (const key of unvisited) {
    const { weight } = best.get(key)!;
    for (const { state, event } of Object.values(adjacency[key]!.transitions)) {
      const next = serialize(state);
      const known = best.get(next);
      if (!known || known.weight > weight + 1) best.set(next, { weight: weight + 1, from: key, event });
      if (!visited.has(next)) unvisited.add(next);
    }
    visited.add(key);
    unvisited.delete(key);
  }
  const prefixes = new Map<string, TEvent[]>();
  for (const [key, { from, event }] of best) prefixes.set(key, from === undefined ? [] : [...prefixes.get(from)!, event!]);
  return prefixes;
}

/**
 * Few, long paths that together take every state and transition the model's events can reach. The
 * graph is @xstate/graph's (its adjacency map over the chosen events, and its shortest path to each
 * node); each edge is labelled by a replay with what it enters and takes. Each path then walks from
 * its start to the nearest edge that covers something new, again and again, until nothing new is in
 * reach; then the next path starts. Where a path costs a fresh browser and server round trips,
 * fewer longer paths are cheaper than one shortest path per state.
 */
export function chartCoverWalk<TEvent extends EventObject>(model: ChartModel<TEvent>, options: CoverWalkOptions<TEvent> = {}): CoverWalk<TEvent> {
  const maxLength = options.maxLength ?? 30;
  const nodes = new Map<string, WalkNode<TEvent>>();
  const starts: { key: string; label: StepLabel }[] = [];
  model.inputs.forEach((input, inputIndex) => {
    const keyOf = (snapshot: AnyMachineSnapshot) => `${inputIndex}#${model.serialize(snapshot)}`;
    const events = (snapshot: AnyMachineSnapshot) => {
      if (snapshot.status !== 'active') return [];
      const enabled = model.fixtures.filter((event) => snapshot.can(event));
      return options.choose ? options.choose(snapshot, enabled) : enabled;
    };
    const traversal = { input, events: events as never, serializeState: model.serialize as never };
    const adjacency = getAdjacencyMap(model.machine, traversal) as unknown as Adjacency<TEvent>;
    const shortest = shortestPrefixes(adjacency, model.serialize);
    const start = chartSteps(model, { input, events: [] });
    starts.push({ key: keyOf(start.snapshots[0]!), label: start.labels[0]! });
    // Each node's shortest prefix ends where its parent's does, one event on (a third of the browser
    // plans' time was replaying each prefix from the start, #40.3).
    const endOf = pathEnds(model.machine, input);
    for (const { state, transitions } of Object.values(adjacency)) {
      const serial = model.serialize(state);
      const key = `${inputIndex}#${serial}`;
      const prefix = shortest.get(serial);
      if (!prefix || nodes.has(key)) continue;
      // The prefix's end reached once, each edge's event tried from there (not the prefix again for
      // each edge: the browser paths' plans took ~30 s of CPU at import, #40.3).
      const persisted = endOf(prefix);
      const edges = Object.values(transitions).map(({ event, state: next }) => {
        const stepper = chartStepper(model, input, persisted);
        const label = stepper.send(event);
        stepper.stop();
        return { event, to: keyOf(next), label };
      });
      nodes.set(key, { input, edges });
    }
  });
  const itemsOf = (label: StepLabel) => [...label.stateIds.map((id) => `state:${id}`), ...label.transitions.map((key) => `transition:${key}`)];
  const reachableItems = new Set<string>(starts.flatMap((start) => itemsOf(start.label)));
  for (const node of nodes.values()) for (const edge of node.edges) itemsOf(edge.label).forEach((item) => reachableItems.add(item));

  const covered = new Set<string>();
  const fresh = (label: StepLabel) => itemsOf(label).some((item) => !covered.has(item));
  /** The shortest edge sequence from a node whose last edge covers something new. */
  const nearest = (from: string): { event: TEvent; label: StepLabel; to: string }[] | null => {
    const seen = new Map<string, { event: TEvent; label: StepLabel; to: string }[]>([[from, []]]);
    const queue = [from];
    while (queue.length > 0) {
      const key = queue.shift()!;
      const route = seen.get(key)!;
      for (const edge of nodes.get(key)?.edges ?? []) {
        const next = [...route, edge];
        if (fresh(edge.label)) return next;
        if (!seen.has(edge.to)) {
          seen.set(edge.to, next);
          queue.push(edge.to);
        }
      }
    }
    return null;
  };
  const paths: ModelPath<TEvent>[] = [];
  for (;;) {
    let progressed = false;
    for (const start of starts) {
      const input = nodes.get(start.key)!.input;
      const inputIndex = start.key.slice(0, start.key.indexOf('#'));
      itemsOf(start.label).forEach((item) => covered.add(item));
      // The path runs on a live actor as it grows: two snapshots the model serializes alike may
      // differ in what an action does (a template filled from other fields), so the graph only
      // proposes the route and the live actor says where it really leads.
      const stepper = chartStepper(model, input);
      const events: TEvent[] = [];
      while (events.length < maxLength) {
        const route = nearest(`${inputIndex}#${model.serialize(stepper.snapshot())}`);
        if (!route || events.length + route.length > maxLength || !stepper.snapshot().can(route[0]!.event)) break;
        for (const step of route) {
          if (!stepper.snapshot().can(step.event)) break;
          events.push(step.event);
          itemsOf(stepper.send(step.event)).forEach((item) => covered.add(item));
        }
      }
      stepper.stop();
      if (events.length > 0) {
        paths.push({ input, events });
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  const strip = (prefix: string) => [...reachableItems].filter((item) => item.startsWith(prefix)).map((item) => item.slice(prefix.length));
  return { paths, reachable: { states: strip('state:'), transitions: strip('transition:') } };
}

/** What one step of a path shows from outside: where the chart is, and what it did on the way. */
export interface ChartStepTrace {
  value: unknown;
  status: string;
  /** The transitions taken, by `source|event|index` (the same key in any machine of the same chart). */
  transitions: string[];
  /** The actions run, in order, by name with their params (XState's own, such as timers, by kind). */
  actions: string[];
  /** The events the chart emitted. */
  emitted: string[];
  /** The context as data (functions left out: they are the input's, not the chart's). */
  context: string;
}

const asData = (value: unknown) => JSON.stringify(value, (_, item: unknown) => (typeof item === 'function' ? undefined : item instanceof Error ? `${item.name}: ${item.message}` : item));

/**
 * Runs a path on a live actor of `machine` (the model's chart, or one rebuilt from its export) and
 * records each step as seen from outside, so two machines can be compared step by step.
 */
export function chartTrace(machine: AnyStateMachine, input: unknown, events: readonly EventObject[]): ChartStepTrace[] {
  const index = transitionKeys(machine);
  let current = { transitions: [] as string[], actions: [] as string[], emitted: [] as string[] };
  const actor = createActor(machine, {
    input,
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep') {
        for (const taken of (inspection as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) current.transitions.push(index.get(taken) ?? 'unknown');
      } else if (inspection.type === '@xstate.action') {
        const { action } = inspection as unknown as { action: { type: string; params?: unknown } };
        current.actions.push(`${action.type}${action.params === undefined ? '' : asData(action.params)}`);
      }
    },
  });
  actor.on('*', (emitted) => void current.emitted.push(asData(emitted)));
  actor.subscribe({ error: () => undefined });
  const close = (): ChartStepTrace => {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    const step = { value: snapshot.value, status: snapshot.status, ...current, context: asData(snapshot.context) };
    current = { transitions: [], actions: [], emitted: [] };
    return step;
  };
  actor.start();
  const steps = [close()];
  for (const event of events) {
    actor.send(event);
    steps.push(close());
  }
  actor.stop();
  return steps;
}

/** A chart's committed export (docs/charts/<name>.json). */
export const exportedChart = (name: string) => JSON.parse(readFileSync(join(chartsDir, `${name}.json`), 'utf8')) as ChartJson;

/**
 * The rebuild a reader of docs/charts makes, `createMachine(json, implementations)`, with the code a
 * diagram leaves out (context factory, invoke input mappers) put back. Given the model's machine,
 * its implementations are the model's (stand-in actors), so both run the same paths offline.
 */
export function rebuiltFromExport(machine: AnyStateMachine, json: ChartJson): AnyStateMachine {
  return machineFromConfigJson(json, machine.implementations, chartCode(machine));
}

export interface TraceDifference {
  path: number;
  step: number;
  /** The event of that step ('start' for the initial state and its eventless moves). */
  event: string;
  expected: ChartStepTrace | undefined;
  actual: ChartStepTrace | undefined;
}

/** Runs both machines along every path and returns the first step at which they part (null: none). */
export function firstTraceDifference(source: AnyStateMachine, other: AnyStateMachine, paths: readonly ModelPath<EventObject>[]): TraceDifference | null {
  for (const [path, { input, events }] of paths.entries()) {
    const expected = chartTrace(source, input, events);
    const actual = chartTrace(other, input, events);
    const length = Math.max(expected.length, actual.length);
    for (let step = 0; step < length; step++) {
      if (JSON.stringify(expected[step]) === JSON.stringify(actual[step])) continue;
      return { path, step, event: step === 0 ? 'start' : events[step - 1]!.type, expected: expected[step], actual: actual[step] };
    }
  }
  return null;
}
