import { assertEvent, assign, raise, setup } from 'xstate';
import { findPlaceholders, GreetingFetchError, greetingTextLimits, placeholderNames, voiceNames, type Greeting, type GreetingFailure, type GreetingLanguage, type VoiceName } from '../core/contracts/greetings';
import { generatorActors, proofKey, type GreetingProof, type SampleReport } from './generator.actors';

/** The placeholders a greeting template may hold, filled by the small form under the script. */
export const placeholderFields = placeholderNames;
export type PlaceholderField = (typeof placeholderFields)[number];
export type PlaceholderValues = Record<PlaceholderField, string>;

/** One of the 41 templates (SPEC §3), in the page's language, with `{company}`-style placeholders. */
export interface GreetingTemplate {
  index: number;
  text: string;
}

export type GeneratorEvent =
  | { type: 'menu.toggled' }
  | { type: 'menu.closed' }
  | { type: 'voice.selected'; voice: VoiceName }
  | { type: 'sample.toggled' }
  | SampleReport
  | { type: 'text.changed'; text: string }
  | { type: 'field.changed'; field: PlaceholderField; value: string }
  | { type: 'script.shuffled' }
  | { type: 'language.changed'; lang: GreetingLanguage; templates: readonly GreetingTemplate[] }
  | { type: 'greeting.submitted' }
  /** The greeting builder asked for (more) work: prove it again for the script as it is. */
  | { type: 'proof.renew' };

/** Times the page proves work again and resends one greeting before it says the builder is too busy. */
export const MAX_PROOF_RETRIES = 2;

export interface GeneratorContext {
  voice: VoiceName;
  lang: GreetingLanguage;
  templates: readonly GreetingTemplate[];
  /** Index of the template in the text area; null once the visitor rewrote the text. */
  templateIndex: number | null;
  fields: PlaceholderValues;
  text: string;
  greeting: Greeting | null;
  /** Why the last greeting was not made (the builder's limits each have their own message). */
  failure: { kind: GreetingFailure; retryAfterSeconds: number | null } | null;
  /** The proof of work solved in the background for the script as it is (#34.2), once ready. */
  proof: GreetingProof | null;
  /** The background proof could not be made (network, solver): a greeting is sent without one. */
  proofUnavailable: boolean;
  /** Proofs made again for this greeting after the builder asked for one. */
  proofRetries: number;
  /** Values in [0, 1): Math.random in the browser, a script in tests. */
  random: () => number;
}

export interface GeneratorInput {
  lang: GreetingLanguage;
  templates: readonly GreetingTemplate[];
  voice?: VoiceName;
  random?: () => number;
  /**
   * The first script's index when the page was served with one already in it (a prerendered
   * generator page, drawn for one of the templates picked at random by the server): the chart
   * starts from it, so the page shows what is on screen. Otherwise the first is picked at random.
   */
  script?: number;
}

/**
 * Puts the form's values into a script; empty fields keep their `{placeholder}` visible (and the
 * chart refuses to make the greeting until they are filled: an engine would speak the word).
 */
export function fillTemplate(template: string, fields: PlaceholderValues): string {
  // `{ Company }` typed by hand is the same placeholder; what is left unfilled keeps its spelling.
  return template.replace(/\{\s*(company|name|emergency|season)\s*\}/gi, (token, field: string) => fields[field.toLowerCase() as PlaceholderField].trim() || token);
}

/** A template other than the current one (never the same twice in a row). */
export function pickTemplate(templates: readonly GreetingTemplate[], current: number | null, random: () => number): GreetingTemplate | undefined {
  const others = templates.filter((template) => template.index !== current);
  const pool = others.length > 0 ? others : templates;
  return pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))];
}

/** 'Create your greeting': refused while a placeholder is left, sent when there is something to say. */
const submit = [
  { guard: 'hasPlaceholdersLeft', target: 'incomplete' },
  { guard: 'hasSpeakableText', target: 'loading', actions: 'startProofRetries' },
] as const;

/** What changes the greeting to make: the proof solved for the old one is of no use, start again. */
const restartProof = { target: 'current', reenter: true, actions: 'forgetProof' } as const;

const emptyFields: PlaceholderValues = { company: '', name: '', emergency: '', season: '' };

/** Something to say within the limits (the server refuses the rest before any work). */
function speakable(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length >= greetingTextLimits.min && trimmed.length <= greetingTextLimits.max && /[\p{L}\p{N}]/u.test(trimmed);
}

/** The greeting the page would ask for now. */
function requestOf(context: Pick<GeneratorContext, 'text' | 'voice' | 'lang'>) {
  return { text: context.text.trim(), voice: context.voice, lang: context.lang };
}

/** What the proof region proves for: the greeting as it stands, and whether the builder asked for work for it. */
function proofRequestOf(context: Pick<GeneratorContext, 'text' | 'voice' | 'lang' | 'proofRetries'>) {
  return { ...requestOf(context), asked: context.proofRetries > 0 };
}

/**
 * The voice greeting generator (SPEC §2, §4): four regions side by side.
 * - script: the editable text, the Generate (shuffle) control and the placeholder form;
 * - voiceMenu: the desktop dropdown grid, open or closed (the phone layout uses a native select and
 *   only sends `voice.selected`);
 * - sample: the chosen voice's example, idle, loading or playing; the player is an invoked actor,
 *   so leaving the state (pause, another voice) is what stops the sound;
 * - proof: the proof of work for the greeting as it stands, solved in the background (#34.2);
 * - generator: idle, loading, error or result of `GET /greetings`, and proving when the builder,
 *   under load, asked for a proof the page did not have ready.
 * No final state: the chart lives as long as the page.
 */
export const generatorMachine = setup({
  types: {
    context: {} as GeneratorContext,
    events: {} as GeneratorEvent,
    input: {} as GeneratorInput,
  },
  actors: generatorActors,
  guards: {
    hasPlaceholdersLeft: ({ context }) => findPlaceholders(context.text).length > 0,
    // Named rather than not('hasPlaceholdersLeft'): a combinator has no name a diagram reader can rebuild.
    hasNoPlaceholdersLeft: ({ context }) => findPlaceholders(context.text).length === 0,
    hasSpeakableText: ({ context }) => speakable(context.text),
    isAnotherVoice: ({ context, event }) => event.type === 'voice.selected' && event.voice !== context.voice,
    isTemplateUntouched: ({ context }) => context.templateIndex !== null,
    // Nothing to prove for a script that cannot be sent as it is.
    isNotSendable: ({ context }) => findPlaceholders(context.text).length > 0 || !speakable(context.text),
    hasProof: ({ context }) => context.proof !== null && context.proof.key === proofKey(requestOf(context)),
    // The builder's price said a greeting without a proof is taken now: nothing was solved.
    isProofNotNeeded: ({ event }) => (event as unknown as { output: GreetingProof | null }).output === null,
    isProofUnavailable: ({ context }) => context.proofUnavailable,
    // The builder asked for work (none was ready, or it got busier since): prove again, a few times at most.
    isProofAsked: ({ context, event }) => {
      const { error } = event as unknown as { error: unknown };
      return error instanceof GreetingFetchError && error.failure === 'proofRequired' && context.proofRetries < MAX_PROOF_RETRIES;
    },
  },
  actions: {
    chooseVoice: assign({
      voice: ({ event }) => {
        assertEvent(event, 'voice.selected');
        return event.voice;
      },
    }),
    editText: assign({
      // A script typed or pasted after the form was filled gets the form's values at once.
      text: ({ context, event }) => {
        assertEvent(event, 'text.changed');
        return fillTemplate(event.text, context.fields);
      },
      // Rewritten by hand: the form no longer re-renders it from the template.
      templateIndex: null,
    }),
    fillField: assign(({ context, event }) => {
      assertEvent(event, 'field.changed');
      const fields = { ...context.fields, [event.field]: event.value };
      const template = context.templates.find((candidate) => candidate.index === context.templateIndex);
      // An untouched template is re-rendered; an edited text only gets its remaining placeholders filled.
      return { fields, text: template ? fillTemplate(template.text, fields) : fillTemplate(context.text, fields) };
    }),
    shuffleScript: assign(({ context }) => {
      const template = pickTemplate(context.templates, context.templateIndex, context.random);
      if (!template) return {};
      return { templateIndex: template.index, text: fillTemplate(template.text, context.fields) };
    }),
    switchLanguage: assign(({ context, event }) => {
      assertEvent(event, 'language.changed');
      const same = event.templates.find((template) => template.index === context.templateIndex);
      // The same script in the new language when the visitor has not rewritten it.
      return { lang: event.lang, templates: event.templates, ...(same ? { text: fillTemplate(same.text, context.fields) } : {}) };
    }),
    // Read from the fetch's done/error event (their types are not in the chart's event union).
    keepGreeting: assign(({ event }) => ({ greeting: (event as unknown as { output: Greeting }).output })),
    forgetGreeting: assign({ greeting: null }),
    // Read from the proof actor's done event.
    keepProof: assign(({ event }) => ({ proof: (event as unknown as { output: GreetingProof }).output, proofUnavailable: false })),
    forgetProof: assign({ proof: null, proofUnavailable: false }),
    markProofUnavailable: assign({ proof: null, proofUnavailable: true }),
    startProofRetries: assign({ proofRetries: 0 }),
    // The proof sent is spent (or was refused): asking again needs a new one.
    retryWithNewProof: assign(({ context }) => ({ proof: null, proofRetries: context.proofRetries + 1 })),
    renewProof: raise({ type: 'proof.renew' }),
    keepProofFailure: assign({ failure: { kind: 'proofRequired' as const, retryAfterSeconds: null } }),
    keepFailure: assign(({ event }) => {
      const { error } = event as unknown as { error: unknown };
      return {
        failure: error instanceof GreetingFetchError ? { kind: error.failure, retryAfterSeconds: error.retryAfterSeconds } : { kind: 'failed' as const, retryAfterSeconds: null },
      };
    }),
  },
}).createMachine({
  id: 'generator',
  type: 'parallel',
  context: ({ input }) => {
    const random = input.random ?? Math.random;
    const first = input.templates.find((template) => template.index === input.script) ?? pickTemplate(input.templates, null, random);
    return {
      voice: input.voice && voiceNames.includes(input.voice) ? input.voice : 'aria',
      lang: input.lang,
      templates: input.templates,
      templateIndex: first?.index ?? null,
      fields: emptyFields,
      text: first ? fillTemplate(first.text, emptyFields) : '',
      greeting: null,
      failure: null,
      proof: null,
      proofUnavailable: false,
      proofRetries: 0,
      random,
    };
  },
  states: {
    // The script is a region of its own, not handlers on the root: in a parallel chart the root's
    // handler only runs when no region takes the event, and other regions do react to some of
    // these (an edit clears the error alert, a new language stops the sample).
    script: {
      initial: 'editable',
      states: {
        editable: {
          on: {
            'text.changed': { actions: 'editText' },
            'field.changed': { actions: 'fillField' },
            'script.shuffled': { actions: 'shuffleScript' },
            'language.changed': { actions: 'switchLanguage' },
          },
        },
      },
    },
    voiceMenu: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'menu.toggled': 'open' },
        },
        open: {
          on: {
            'menu.toggled': 'closed',
            'menu.closed': 'closed',
            // Picking a voice closes the menu (the sample region reacts to the same event).
            'voice.selected': { target: 'closed', actions: 'chooseVoice' },
          },
        },
      },
      on: {
        // The phone layout's native select picks a voice with the menu closed.
        'voice.selected': { actions: 'chooseVoice' },
      },
    },
    sample: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'sample.toggled': 'active' },
        },
        active: {
          // One player for loading and playing, so the sound is not restarted when it begins.
          invoke: {
            id: 'playSample',
            src: 'playSample',
            input: ({ context }) => ({ voice: context.voice, lang: context.lang }),
          },
          initial: 'loading',
          states: {
            loading: {
              on: { 'sample.playing': 'playing' },
            },
            playing: {},
          },
          on: {
            // Pause: stops the player. Ending or failing also returns to idle.
            'sample.toggled': 'idle',
            'sample.ended': 'idle',
            'sample.failed': 'idle',
            // Switching voice stops the old sample.
            'voice.selected': { guard: 'isAnotherVoice', target: 'idle' },
            'language.changed': 'idle',
          },
        },
      },
    },
    // The proof of work for the greeting as it stands (#34.2), solved in the background while the
    // visitor writes and chooses, so that under load 'Create your greeting' has it ready. Any change
    // to what would be sent starts it again. A quiet builder does not need it: its price says so, and
    // nothing is solved (unneeded) until the builder asks for work (#40.4).
    proof: {
      initial: 'current',
      states: {
        // One state around the five so that "start again" re-enters only this region (a re-entering
        // transition on the region itself would restart its sibling regions too).
        current: {
          initial: 'solving',
          states: {
            solving: {
              always: { guard: 'isNotSendable', target: 'idle' },
              invoke: {
                id: 'proveGreeting',
                src: 'proveGreeting',
                input: ({ context }) => proofRequestOf(context),
                onDone: [{ guard: 'isProofNotNeeded', target: 'unneeded' }, { target: 'ready', actions: 'keepProof' }],
                onError: { target: 'unavailable', actions: 'markProofUnavailable' },
              },
            },
            // The script cannot be sent as it is (a placeholder left, nothing to say).
            idle: {},
            ready: {},
            // The builder takes this greeting without a proof now: none is solved. If it is busier
            // by the click, its 429 asks for one and the generator's proving state renews it.
            unneeded: {},
            unavailable: {},
          },
          on: {
            'text.changed': restartProof,
            'field.changed': restartProof,
            'script.shuffled': restartProof,
            'language.changed': restartProof,
            'voice.selected': restartProof,
            'proof.renew': restartProof,
          },
        },
      },
    },
    generator: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'greeting.submitted': submit },
        },
        // Asked to make a greeting whose script still holds a {placeholder}: nothing is sent, the
        // page marks the fields to fill and says what is missing. Filling the last one (or editing
        // it out of the script) clears the message.
        incomplete: {
          // A result on screen would be of another script: the page shows the message instead.
          entry: 'forgetGreeting',
          // Submitting again changes nothing here (placeholders are still left, or `always` had left).
          always: { guard: 'hasNoPlaceholdersLeft', target: 'idle' },
        },
        loading: {
          entry: 'forgetGreeting',
          invoke: {
            id: 'fetchGreeting',
            src: 'fetchGreeting',
            // The proof solved in the background goes along when it is for exactly this greeting.
            input: ({ context }) => ({ ...requestOf(context), proof: context.proof?.key === proofKey(requestOf(context)) ? context.proof.payload : undefined }),
            onDone: { target: 'result', actions: 'keepGreeting' },
            onError: [
              { guard: 'isProofAsked', target: 'proving', actions: 'retryWithNewProof' },
              { target: 'error', actions: 'keepFailure' },
            ],
          },
        },
        // The builder is under load and asked for a proof of work: the page proves it for this
        // greeting (the proof region solves it again), then asks once more by itself.
        proving: {
          entry: 'renewProof',
          always: [
            { guard: 'hasProof', target: 'loading' },
            { guard: 'isProofUnavailable', target: 'error', actions: 'keepProofFailure' },
            // Edited meanwhile into a script that cannot be sent: nothing to prove, nothing to send.
            { guard: 'isNotSendable', target: 'idle' },
          ],
        },
        error: {
          on: {
            'greeting.submitted': submit,
            // Changing what to make clears the alert (the text and voice themselves are stored by
            // the script and voiceMenu regions, which take the same event).
            'text.changed': 'idle',
            'voice.selected': 'idle',
          },
        },
        result: {
          on: { 'greeting.submitted': submit },
        },
      },
    },
  },
});
