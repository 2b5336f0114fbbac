import { getShortestPaths } from '@xstate/graph';
import { fromCallback, fromPromise, type AnyTransitionDefinition, type SnapshotFrom } from 'xstate';
import { findPlaceholders, type Greeting } from '../../../src/contracts/greetings';
import type { GreetingRequest } from '../../../machines/generator.actors';
import { generatorMachine, type GeneratorEvent, type GeneratorInput, type GreetingTemplate } from '../../../machines/generator.machine';
import { chartStateIds, chartTransitions, replayChart, type ChartReplay } from '../../helpers/chart-replay';

/**
 * The generator chart's test model. Paths come from the REAL chart by @xstate/graph; invoked actors
 * are stand-ins that never settle, so their outcomes are explicit `xstate.done.actor.*` /
 * `xstate.error.actor.*` steps of a path, like the sample player's reports.
 */

export type Snapshot = SnapshotFrom<typeof generatorMachine>;
export type ModelEvent =
  | GeneratorEvent
  | { type: 'xstate.done.actor.fetchGreeting'; output: Greeting }
  | { type: 'xstate.error.actor.fetchGreeting'; error: unknown };

export const templates: GreetingTemplate[] = [
  { index: 1, text: 'Hi, you reached {company}. We are on site; leave a message.' },
  { index: 2, text: 'Thanks for calling {company}, this is {name}. For emergencies call {emergency}.' },
  { index: 3, text: 'Happy {season} from {company}! Ask about our {season} offer.' },
];

export const frenchTemplates: GreetingTemplate[] = templates.map((template) => ({ index: template.index, text: `FR ${template.text}` }));

export const greeting: Greeting = {
  url: '/greetings/audio/abc.mp3?text=Hi&voice=liam&lang=en',
  voice: 'liam',
  lang: 'en',
  duration: 3.2,
  status: 'ready',
  formats: [
    { format: 'mp3', contentType: 'audio/mpeg', url: '/greetings/audio/abc.mp3?download=1', use: 'web' },
    { format: 'wav', contentType: 'audio/wav', url: '/greetings/audio/abc.wav', use: 'phone' },
  ],
};

/** Fixtures for every chart event type: a new event without one fails to compile. */
export const eventFixtures = {
  'menu.toggled': [{ type: 'menu.toggled' }],
  'menu.closed': [{ type: 'menu.closed' }],
  'voice.selected': [
    { type: 'voice.selected', voice: 'liam' },
    { type: 'voice.selected', voice: 'aria' },
  ],
  'sample.toggled': [{ type: 'sample.toggled' }],
  'sample.playing': [{ type: 'sample.playing' }],
  'sample.ended': [{ type: 'sample.ended' }],
  'sample.failed': [{ type: 'sample.failed' }],
  'text.changed': [
    { type: 'text.changed', text: 'Call us back at 555 0199.' },
    { type: 'text.changed', text: '   ' },
  ],
  'field.changed': [
    { type: 'field.changed', field: 'company', value: 'Summit Builders' },
    { type: 'field.changed', field: 'company', value: '' },
  ],
  'script.shuffled': [{ type: 'script.shuffled' }],
  'language.changed': [{ type: 'language.changed', lang: 'fr', templates: frenchTemplates }],
  'greeting.submitted': [{ type: 'greeting.submitted' }],
} satisfies { [K in GeneratorEvent['type']]: readonly Extract<GeneratorEvent, { type: K }>[] };

export const actorOutcomes: ModelEvent[] = [
  { type: 'xstate.done.actor.fetchGreeting', output: greeting },
  { type: 'xstate.error.actor.fetchGreeting', error: new Error('Failed to fetch greeting message') },
];

/** Always 0: `pickTemplate` then takes the first template that is not the current one. */
export const input: GeneratorInput = { lang: 'en', templates, random: () => 0 };

/** Stand-ins: a request that never settles, a player that never reports (the path does). */
export const standInMachine = generatorMachine.provide({
  actors: {
    fetchGreeting: fromPromise<Greeting, GreetingRequest>(() => new Promise<never>(() => undefined)),
    playSample: fromCallback(() => () => undefined),
  },
});

export function eventsFor(snapshot: Snapshot): ModelEvent[] {
  const events: ModelEvent[] = [...(Object.values(eventFixtures).flat() as GeneratorEvent[])];
  if ('fetchGreeting' in snapshot.children) events.push(...actorOutcomes);
  // Only events some transition takes from here.
  return events.filter((event) => snapshot.can(event as GeneratorEvent));
}

/** What the guards and the page read: the regions, the voice, whether the text is speakable or holds placeholders, a result. */
export function serializeSnapshot(snapshot: Snapshot): string {
  const { context } = snapshot;
  return JSON.stringify([snapshot.value, context.voice, context.lang, context.text.trim() !== '', findPlaceholders(context.text).length > 0, context.templateIndex !== null, context.greeting !== null]);
}

const traversal = { input, events: eventsFor as never, serializeState: serializeSnapshot as never };

/** Every transition definition, keyed `source|event|index`. */
export function allTransitions(machine: typeof generatorMachine = generatorMachine): Map<string, AnyTransitionDefinition> {
  return chartTransitions(machine);
}

export function allStateIds(): string[] {
  return chartStateIds(generatorMachine);
}

export type Replay = ChartReplay<Snapshot>;

/** Runs events on a live actor of the real chart, recording the state nodes and transitions taken. */
export function replay(events: readonly ModelEvent[]): Replay {
  return replayChart<Snapshot>(standInMachine, input, events as readonly GeneratorEvent[]);
}

/**
 * The path set: the shortest path to every model state (those that are not a prefix of another),
 * then, for each transition they leave untaken, one reachable state followed by an event that takes
 * it. Every enabled transition of every reachable state is tried; only the paths that add one are kept.
 */
export function pathSet(): ModelEvent[][] {
  const shortest = getShortestPaths(generatorMachine, traversal) as unknown as { state: Snapshot; steps: { event: ModelEvent }[] }[];
  const prefixes = shortest.map((path) => path.steps.map((step) => step.event).filter((event) => (event.type as string) !== 'xstate.init'));
  const keys = prefixes.map((events) => events.map((event) => JSON.stringify(event)).join('>'));
  const paths = prefixes.filter((_, index) => !keys.some((other, otherIndex) => otherIndex !== index && other.startsWith(`${keys[index]}>`)));
  const covered = new Set<string>();
  for (const events of paths) replay(events).transitions.forEach((key) => covered.add(key));
  shortest.forEach((path, index) => {
    for (const next of eventsFor(path.state)) {
      const candidate = [...(prefixes[index] ?? []), next];
      const taken = [...replay(candidate).transitions].filter((key) => !covered.has(key));
      if (taken.length === 0) continue;
      taken.forEach((key) => covered.add(key));
      paths.push(candidate);
    }
  });
  return paths;
}

export function coverage(paths: readonly ModelEvent[][]): { states: string[]; transitions: string[]; missingStates: string[]; missingTransitions: string[] } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const events of paths) {
    const run = replay(events);
    run.stateIds.forEach((id) => states.add(id));
    run.transitions.forEach((key) => transitions.add(key));
  }
  return {
    states: [...states],
    transitions: [...transitions],
    missingStates: allStateIds().filter((id) => !states.has(id)),
    missingTransitions: [...allTransitions().keys()].filter((key) => !transitions.has(key)),
  };
}
