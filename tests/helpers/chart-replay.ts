import { getStateNodes } from '@xstate/graph';
import { activeStateIds } from '../../machines/active-states';
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type AnyTransitionDefinition, type EventObject } from 'xstate';

/**
 * Every transition definition of a chart, eventless ones and the root's chart-wide ones included
 * (@xstate/graph's getStateNodes leaves the root out), keyed `source|event|index`.
 */
export function chartTransitions(machine: AnyStateMachine): Map<string, AnyTransitionDefinition> {
  const result = new Map<string, AnyTransitionDefinition>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const [eventType, candidates] of node.transitions) {
      candidates.forEach((candidate, index) => result.set(`${node.id}|${eventType}|${index}`, candidate));
    }
    (node.always ?? []).forEach((candidate, index) => result.set(`${node.id}|(always)|${index}`, candidate));
  }
  return result;
}

/** Every state node id below the chart's root (the root is the chart, not one of its states). */
export function chartStateIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node) => node.id);
}

export interface ChartReplay<TSnapshot> {
  snapshots: TSnapshot[];
  stateIds: Set<string>;
  transitions: Set<string>;
  /** The last snapshot, persisted: an actor restored from it goes on from the end of the path. */
  persisted: unknown;
}

/**
 * Each transition definition's key, made once per machine: a path set replays the same chart tens of
 * thousands of times (the generator's ~30,000), and walking its state nodes for every replay was most
 * of the unit tests' time. provide() copies the state nodes, so the definitions come from the machine
 * that actually runs.
 */
const keysByMachine = new WeakMap<AnyStateMachine, Map<AnyTransitionDefinition, string>>();
export function transitionKeys(machine: AnyStateMachine): ReadonlyMap<AnyTransitionDefinition, string> {
  let index = keysByMachine.get(machine);
  if (!index) {
    index = new Map();
    for (const [key, definition] of chartTransitions(machine)) index.set(definition, key);
    keysByMachine.set(machine, index);
  }
  return index;
}

const activeIds = (snapshot: unknown) => activeStateIds(snapshot as AnyMachineSnapshot);

/**
 * Runs events on a live actor of a chart (the real chart with stand-in actors), recording the
 * state nodes entered and the transitions taken — microsteps included, so transient states that
 * no settled snapshot rests in count too.
 */
export function replayChart<TSnapshot>(machine: AnyStateMachine, input: unknown, events: readonly EventObject[]): ChartReplay<TSnapshot> {
  const known = replays.get(events);
  if (known?.machine === machine && known.input === input) return known.replay as ChartReplay<TSnapshot>;
  const replay = replayAfresh<TSnapshot>(machine, input, events);
  replays.set(events, { machine, input, replay });
  return replay;
}

/**
 * A path's replay, kept while its events are: the generator's 2,161 paths were replayed once to
 * build the path set, once for its coverage and once for its promises (#40.3). Its reader must not
 * change what it gets, nor the path's events after.
 */
const replays = new WeakMap<readonly EventObject[], { machine: AnyStateMachine; input: unknown; replay: ChartReplay<unknown> }>();

function replayAfresh<TSnapshot>(machine: AnyStateMachine, input: unknown, events: readonly EventObject[]): ChartReplay<TSnapshot> {
  const index = transitionKeys(machine);
  const stateIds = new Set<string>();
  const transitions = new Set<string>();
  const actor = createActor(machine, {
    input,
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return;
      for (const id of activeIds(inspection.snapshot)) stateIds.add(id);
      for (const taken of (inspection as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
        const key = index.get(taken);
        if (key) transitions.add(key);
        // The state a transition leaves was active, even when it is transient and no snapshot
        // rests in it (an initial state left at once by an eventless transition).
        stateIds.add(taken.source.id);
      }
    },
  });
  const snapshots: TSnapshot[] = [];
  const record = () => {
    const snapshot = actor.getSnapshot();
    snapshots.push(snapshot as TSnapshot);
    for (const id of activeIds(snapshot)) stateIds.add(id);
  };
  // A stand-in actor's error event is part of the path, not a test failure.
  actor.subscribe({ error: () => undefined });
  actor.start();
  record();
  for (const event of events) {
    actor.send(event);
    record();
  }
  const persisted = actor.getPersistedSnapshot();
  actor.stop();
  return { snapshots, stateIds, transitions, persisted };
}

/**
 * The transitions one event takes (microsteps included) from a snapshot persisted by replayChart: a
 * path's prefix is replayed once and each event tried from its end, instead of replaying the prefix
 * again for each event.
 */
export function transitionsOfStep(machine: AnyStateMachine, input: unknown, persisted: unknown, event: EventObject): Set<string> {
  const index = transitionKeys(machine);
  const transitions = new Set<string>();
  const actor = createActor(machine, {
    input,
    snapshot: persisted as never,
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return;
      for (const taken of (inspection as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
        const key = index.get(taken);
        if (key) transitions.add(key);
      }
    },
  });
  actor.subscribe({ error: () => undefined });
  actor.start();
  actor.send(event);
  actor.stop();
  return transitions;
}

/** A path's events as one string: two paths have the same key exactly when they have the same events. */
export function eventsKey(events: readonly EventObject[]): string {
  return events.map((event) => JSON.stringify(event)).join('>');
}

/** Where one event leads from a snapshot persisted by replayChart, persisted again: a path's end one step on. */
function persistedAfter(machine: AnyStateMachine, input: unknown, persisted: unknown, event: EventObject): unknown {
  const actor = createActor(machine, { input, snapshot: persisted as never });
  actor.subscribe({ error: () => undefined });
  actor.start();
  actor.send(event);
  const next = actor.getPersistedSnapshot();
  actor.stop();
  return next;
}

/**
 * Where paths end, persisted (as replayChart's `persisted`), for many paths that share their starts:
 * each end is its own prefix's end one event on, reached once, instead of each path replayed from
 * the start (the path set's candidates and the browser plans' nodes, #40.3).
 */
export function pathEnds(machine: AnyStateMachine, input: unknown): (events: readonly EventObject[]) => unknown {
  const ends = new Map<string, unknown>();
  const endOf = (events: readonly EventObject[], key: string): unknown => {
    if (ends.has(key)) return ends.get(key);
    const last = events.at(-1);
    let end: unknown;
    if (last === undefined) end = replayChart(machine, input, []).persisted;
    else {
      // The key ends with the last event's: what is before it (and the '>' between) is the prefix's.
      const lastKey = JSON.stringify(last);
      end = persistedAfter(machine, input, endOf(events.slice(0, -1), key.slice(0, Math.max(0, key.length - lastKey.length - 1))), last);
    }
    ends.set(key, end);
    return end;
  };
  return (events) => endOf(events, eventsKey(events));
}
