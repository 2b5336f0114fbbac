import { fromCallback, fromPromise, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import { findPlaceholders, GreetingFetchError, type Greeting } from '../../../core/contracts/greetings';
import { proofKey, type GreetingProof, type GreetingRequest, type ProofRequest } from '../../../machines/generator.actors';
import { generatorMachine, type GeneratorEvent, type GeneratorInput, type GreetingTemplate } from '../../../machines/generator.machine';
import { chartCoverage, chartPathSet, type ChartCoverage, type ChartModel } from '../../helpers/chart-model';
import { replayChart, type ChartReplay } from '../../helpers/chart-replay';

/**
 * The generator chart's test model. Paths come from the REAL chart by @xstate/graph; invoked actors
 * are stand-ins that never settle, so their outcomes are explicit `xstate.done.actor.*` /
 * `xstate.error.actor.*` steps of a path, like the sample player's reports.
 */

export type Snapshot = SnapshotFrom<typeof generatorMachine>;
export type ModelEvent =
  | GeneratorEvent
  | { type: 'xstate.done.actor.fetchGreeting'; output: Greeting }
  | { type: 'xstate.error.actor.fetchGreeting'; error: unknown }
  | { type: 'xstate.done.actor.proveGreeting'; output: GreetingProof | null }
  | { type: 'xstate.error.actor.proveGreeting'; error: unknown };

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
  'proof.renew': [{ type: 'proof.renew' }],
} satisfies { [K in GeneratorEvent['type']]: readonly Extract<GeneratorEvent, { type: K }>[] };

/** A proof for the script the text.changed fixture writes (en, aria): a proof for anything else is not sent. */
export const proof: GreetingProof = { key: proofKey({ text: 'Call us back at 555 0199.', voice: 'aria', lang: 'en' } satisfies ProofRequest), payload: 'c29sdmVk' };

export const actorOutcomes: ModelEvent[] = [
  { type: 'xstate.done.actor.fetchGreeting', output: greeting },
  { type: 'xstate.error.actor.fetchGreeting', error: new Error('Failed to fetch greeting message') },
  // The builder under load asks for a proof of work (429 GREETING_PROOF_REQUIRED).
  { type: 'xstate.error.actor.fetchGreeting', error: new GreetingFetchError('proofRequired', null) },
  { type: 'xstate.done.actor.proveGreeting', output: proof },
  // A quiet builder's price: no proof needed, none solved (#40.4).
  { type: 'xstate.done.actor.proveGreeting', output: null },
  { type: 'xstate.error.actor.proveGreeting', error: new Error('proof of work: timeout') },
];

/** Always 0: `pickTemplate` then takes the first template that is not the current one. */
export const input: GeneratorInput = { lang: 'en', templates, random: () => 0 };

/** Stand-ins: a request that never settles, a player that never reports (the path does). */
export const standInMachine = generatorMachine.provide({
  actors: {
    fetchGreeting: fromPromise<Greeting, GreetingRequest>(() => new Promise<never>(() => undefined)),
    proveGreeting: fromPromise<GreetingProof | null, ProofRequest>(() => new Promise<never>(() => undefined)),
    playSample: fromCallback(() => () => undefined),
  },
});

/** What the guards and the page read: the regions, the voice, whether the text is speakable or holds placeholders, a result. */
export function serializeSnapshot(snapshot: Snapshot): string {
  const { context } = snapshot;
  return JSON.stringify([snapshot.value, context.voice, context.lang, context.text.trim() !== '', findPlaceholders(context.text).length > 0, context.templateIndex !== null, context.greeting !== null, context.proof?.key ?? null, context.proofUnavailable, context.proofRetries]);
}

/** The generic model (tests/helpers/chart-model.ts) over this chart: its path set and coverage. */
export const generatorModel: ChartModel<ModelEvent> = {
  machine: standInMachine,
  inputs: [input],
  fixtures: [...(Object.values(eventFixtures).flat() as GeneratorEvent[]), ...actorOutcomes],
  serialize: serializeSnapshot as (snapshot: AnyMachineSnapshot) => string,
};

export type Replay = ChartReplay<Snapshot>;

/** Runs events on a live actor of the real chart, recording the state nodes and transitions taken. */
export function replay(events: readonly ModelEvent[]): Replay {
  return replayChart<Snapshot>(standInMachine, input, events as readonly GeneratorEvent[]);
}

/** The path set derived from the real chart (see chartPathSet). */
export function pathSet(): ModelEvent[][] {
  return chartPathSet(generatorModel).map((path) => path.events);
}

export function coverage(paths: readonly ModelEvent[][]): ChartCoverage {
  return chartCoverage(generatorModel, paths.map((events) => ({ input, events })));
}
