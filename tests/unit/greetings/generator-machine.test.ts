import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { fillTemplate, generatorMachine, MAX_PROOF_RETRIES, pickTemplate } from '../../../machines/generator.machine';
import { proofKey, type GreetingProof, type GreetingRequest } from '../../../machines/generator.actors';
import { coverage, eventFixtures, generatorModel, greeting, input, pathSet, replay, standInMachine, templates, type ModelEvent } from './generator-model';
import { exportedChart, firstTraceDifference, rebuiltFromExport } from '../../helpers/chart-model';
import { GreetingFetchError, type Greeting } from '../../../core/contracts/greetings';

const paths = pathSet();

describe('generator chart — model-based (paths from the real chart, stand-in actors)', () => {
  it('covers every state and every transition', () => {
    const result = coverage(paths);
    if (process.env.SHOW_COVERAGE) {
      const states = result.states.length + result.missingStates.length;
      const transitions = result.transitions.length + result.missingTransitions.length;
      console.log(`generator chart (machines/generator.machine.ts): ${paths.length} paths; states ${result.states.length}/${states}; transitions ${result.transitions.length}/${transitions}`);
    }
    expect(result.missingStates).toEqual([]);
    expect(result.missingTransitions).toEqual([]);
  }, 60_000);

  it('rebuilt from docs/charts/generator.json and its named implementations, takes every path step for step as the chart does', () => {
    const rebuilt = rebuiltFromExport(generatorModel.machine, exportedChart('generator'));
    expect(firstTraceDifference(generatorModel.machine, rebuilt, paths.map((events) => ({ input, events })))).toBeNull();
    console.log(`round trip generator: ${paths.length} paths, ${paths.reduce((sum, events) => sum + events.length + 1, 0)} steps, 0 differences`);
  }, 60_000);

  it('keeps its promises along every path', () => {
    for (const events of paths) {
      const { snapshots } = replay(events);
      for (const snapshot of snapshots) {
        const { value, context } = snapshot;
        const regions = value as { voiceMenu: string; sample: string | { active: string }; proof: { current: string }; generator: string };
        // A result is shown exactly in the result state.
        expect(context.greeting !== null).toBe(regions.generator === 'result');
        // The request is in flight exactly while loading; the player runs exactly while active.
        expect('fetchGreeting' in snapshot.children).toBe(regions.generator === 'loading');
        expect('playSample' in snapshot.children).toBe(typeof regions.sample === 'object');
        // Work is proved exactly while solving, and a proof kept is for the script as it stands (#34.2).
        expect('proveGreeting' in snapshot.children).toBe(regions.proof.current === 'solving');
        if (context.proof !== null) expect(regions.proof.current).toBe('ready');
      }
    }
  }, 60_000);
});

describe('generator chart — named journeys', () => {
  const run = (events: ModelEvent[]) => replay(events).snapshots.at(-1)!;
  const fill: ModelEvent = { type: 'field.changed', field: 'company', value: 'Summit Builders' };

  it('starts closed, idle and pre-filled with a random script', () => {
    const start = run([]);
    // The first template holds placeholders: nothing to prove work for yet.
    expect(start.value).toEqual({ script: 'editable', voiceMenu: 'closed', sample: 'idle', proof: { current: 'idle' }, generator: 'idle' });
    expect(start.context.text).toBe(templates[0]!.text);
  });

  it('starts from the script a served page was drawn with, when there is one, and draws at random after it', () => {
    const actor = createActor(standInMachine, { input: { ...input, script: 3 } }).start();
    expect(actor.getSnapshot().context).toMatchObject({ templateIndex: 3, text: templates[2]!.text });
    actor.send({ type: 'script.shuffled' });
    expect(actor.getSnapshot().context.templateIndex).toBe(1);
    actor.stop();
    // An index the templates do not hold (another build's page): a random one, as without.
    expect(createActor(standInMachine, { input: { ...input, script: 99 } }).getSnapshot().context.templateIndex).toBe(1);
  });

  it('the Generate control never shows the same script twice in a row', () => {
    const texts = replay([{ type: 'script.shuffled' }, { type: 'script.shuffled' }, { type: 'script.shuffled' }]).snapshots.map((snapshot) => snapshot.context.templateIndex);
    for (let index = 1; index < texts.length; index += 1) expect(texts[index]).not.toBe(texts[index - 1]);
    for (let draw = 0; draw < 50; draw += 1) {
      const random = Math.random;
      expect(pickTemplate(templates, 2, random)?.index).not.toBe(2);
    }
  });

  it('the placeholder form fills the script, which stays editable', () => {
    const filled = run([{ type: 'script.shuffled' }, { type: 'field.changed', field: 'company', value: 'Summit Builders' }, { type: 'field.changed', field: 'emergency', value: '555 0199' }]);
    expect(filled.context.text).toBe('Thanks for calling Summit Builders, this is {name}. For emergencies call 555 0199.');
    const edited = run([{ type: 'text.changed', text: 'My own words for {company}.' }, { type: 'field.changed', field: 'company', value: 'Acme' }]);
    expect(edited.context.text).toBe('My own words for Acme.');
    expect(fillTemplate('{season} at {company}', { company: ' ', name: '', emergency: '', season: 'Spring' })).toBe('Spring at {company}');
  });

  it('picking a voice in the open menu closes it; switching voice stops the old sample', () => {
    const playing = run([{ type: 'sample.toggled' }, { type: 'sample.playing' }]);
    expect(playing.value).toMatchObject({ sample: { active: 'playing' } });
    const switched = run([{ type: 'sample.toggled' }, { type: 'sample.playing' }, { type: 'menu.toggled' }, { type: 'voice.selected', voice: 'george' }]);
    expect(switched.value).toMatchObject({ voiceMenu: 'closed', sample: 'idle' });
    expect(switched.context.voice).toBe('george');
    // Choosing the voice already chosen does not interrupt its sample (a self-transition the
    // shortest paths skip).
    const same = run([{ type: 'sample.toggled' }, { type: 'voice.selected', voice: 'aria' }]);
    expect(same.value).toMatchObject({ sample: { active: 'loading' } });
  });

  it('does not submit an empty script', () => {
    const blank = run([{ type: 'text.changed', text: '  ' }, { type: 'greeting.submitted' }]);
    expect(blank.value).toMatchObject({ generator: 'idle' });
  });

  it('never sends a script that still holds a placeholder: it shows what to fill in, then lets it go', () => {
    // The first template says {company} and the form is empty.
    const refused = run([{ type: 'greeting.submitted' }]);
    expect(refused.value).toMatchObject({ generator: 'incomplete' });
    expect('fetchGreeting' in refused.children).toBe(false);
    // Filling the field clears the message; the script is then sent.
    const filled = run([{ type: 'greeting.submitted' }, { type: 'field.changed', field: 'company', value: 'Acme' }]);
    expect(filled.value).toMatchObject({ generator: 'idle' });
    expect(filled.context.text).toBe('Hi, you reached Acme. We are on site; leave a message.');
    const sent = run([{ type: 'greeting.submitted' }, { type: 'field.changed', field: 'company', value: 'Acme' }, { type: 'greeting.submitted' }]);
    expect(sent.value).toMatchObject({ generator: 'loading' });
    // Also after a result: a new placeholder typed into the script is refused.
    const again = run([fill, { type: 'greeting.submitted' }, { type: 'xstate.done.actor.fetchGreeting', output: greeting }, { type: 'text.changed', text: 'Ask for {Your Name}.' }, { type: 'greeting.submitted' }]);
    expect(again.value).toMatchObject({ generator: 'incomplete' });
  });

  it('fills a script pasted after the form (placeholders are filled whenever the script or a field changes)', () => {
    const pasted = run([
      { type: 'field.changed', field: 'company', value: 'Summit Builders' },
      { type: 'field.changed', field: 'name', value: 'Alex' },
      { type: 'text.changed', text: 'You reached {company}, this is { name }. Call {emergency}.' },
    ]);
    expect(pasted.context.text).toBe('You reached Summit Builders, this is Alex. Call {emergency}.');
  });

  it('a failure shows the alert; editing clears it; retrying can succeed', () => {
    const failed = run([fill, { type: 'greeting.submitted' }, { type: 'xstate.error.actor.fetchGreeting', error: new Error('x') }]);
    expect(failed.value).toMatchObject({ generator: 'error' });
    const cleared = run([fill, { type: 'greeting.submitted' }, { type: 'xstate.error.actor.fetchGreeting', error: new Error('x') }, eventFixtures['text.changed'][0]!]);
    expect(cleared.value).toMatchObject({ generator: 'idle' });
    expect(cleared.context.text).toBe('Call us back at 555 0199.');
    const retried = run([fill, { type: 'greeting.submitted' }, { type: 'xstate.error.actor.fetchGreeting', error: new Error('x') }, { type: 'greeting.submitted' }, { type: 'xstate.done.actor.fetchGreeting', output: greeting }]);
    expect(retried.value).toMatchObject({ generator: 'result' });
    expect(retried.context.greeting).toEqual(greeting);
  });

  it("keeps why the builder refused (its limits each have their own message), and a plain failure as 'failed'", () => {
    const limited = run([fill, { type: 'greeting.submitted' }, { type: 'xstate.error.actor.fetchGreeting', error: new GreetingFetchError('hourlyBudgetSpent', 1800) }]);
    expect(limited.value).toMatchObject({ generator: 'error' });
    expect(limited.context.failure).toEqual({ kind: 'hourlyBudgetSpent', retryAfterSeconds: 1800 });
    const failed = run([fill, { type: 'greeting.submitted' }, { type: 'xstate.error.actor.fetchGreeting', error: new TypeError('fetch failed') }]);
    expect(failed.context.failure).toEqual({ kind: 'failed', retryAfterSeconds: null });
  });

  it('switching language swaps in the same script in the new language, even while a sample plays', () => {
    const french = run([{ type: 'sample.toggled' }, eventFixtures['language.changed'][0]!]);
    expect(french.context.text).toBe(`FR ${templates[0]!.text}`);
    expect(french.context.lang).toBe('fr');
    expect(french.value).toMatchObject({ sample: 'idle' });
  });
});

/**
 * fetchGreeting as the builder answers: each request kept; while `refusals` is above 0 it refuses one
 * asking for a proof (429 GREETING_PROOF_REQUIRED), then makes the greeting.
 */
function greetingBuilder() {
  const builder = {
    requests: [] as GreetingRequest[],
    refusals: 0,
    fetchGreeting: fromPromise<Greeting, GreetingRequest>(async ({ input: request }) => {
      builder.requests.push(request);
      if (builder.refusals > 0) {
        builder.refusals -= 1;
        throw new GreetingFetchError('proofRequired', null);
      }
      return greeting;
    }),
  };
  return builder;
}

describe('generator chart — with real-shaped actors', () => {
  it('proves work in the background and sends it; asked for more, proves again and resends, then says the builder is under load (#34.2)', async () => {
    const builder = greetingBuilder();
    const { requests } = builder;
    let proofs = 0;
    builder.refusals = 1;
    const actor = createActor(
      generatorMachine.provide({
        actors: {
          proveGreeting: fromPromise(async ({ input: request }): Promise<GreetingProof | null> => ({ key: proofKey(request), payload: `proof-${(proofs += 1)}` })),
          fetchGreeting: builder.fetchGreeting,
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'text.changed', text: 'Call us back.' });
    await waitFor(actor, (snapshot) => snapshot.matches({ proof: { current: 'ready' } }));
    actor.send({ type: 'greeting.submitted' });
    await waitFor(actor, (snapshot) => snapshot.matches({ generator: 'result' }));
    // The first proof went along, was refused as not enough; a second was made and sent.
    expect(requests.map((request) => request.proof)).toEqual(['proof-1', 'proof-2']);

    // Refused every time: two new proofs at most, then the alert.
    builder.refusals = 10;
    actor.send({ type: 'text.changed', text: 'Call us back today.' });
    await waitFor(actor, (snapshot) => snapshot.matches({ proof: { current: 'ready' } }));
    actor.send({ type: 'greeting.submitted' });
    await waitFor(actor, (snapshot) => snapshot.matches({ generator: 'error' }));
    expect(requests).toHaveLength(2 + 1 + MAX_PROOF_RETRIES);
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'proofRequired', retryAfterSeconds: null });
    actor.stop();
  });

  it('on a quiet builder solves nothing and sends the greeting without a proof; asked for one by a 429, proves it for exactly that greeting and resends (#40.4)', async () => {
    const proofRequests: { asked?: boolean | undefined }[] = [];
    const builder = greetingBuilder();
    const { requests } = builder;
    const actor = createActor(
      generatorMachine.provide({
        actors: {
          // As the page's actor: null when the price says a greeting without a proof is taken, unless asked.
          proveGreeting: fromPromise(async ({ input: request }) => {
            proofRequests.push(request);
            return request.asked ? { key: proofKey(request), payload: 'asked-for' } : null;
          }),
          fetchGreeting: builder.fetchGreeting,
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'text.changed', text: 'Call us back.' });
    await waitFor(actor, (snapshot) => snapshot.matches({ proof: { current: 'unneeded' } }));
    expect(actor.getSnapshot().context.proof).toBeNull();
    actor.send({ type: 'greeting.submitted' });
    await waitFor(actor, (snapshot) => snapshot.matches({ generator: 'result' }));
    expect(requests.map((request) => request.proof)).toEqual([undefined]);

    // Busier by the click: the builder asks, the page proves (asked) and resends with the proof.
    builder.refusals = 1;
    actor.send({ type: 'text.changed', text: 'Call us back today.' });
    await waitFor(actor, (snapshot) => snapshot.matches({ proof: { current: 'unneeded' } }));
    actor.send({ type: 'greeting.submitted' });
    await waitFor(actor, (snapshot) => snapshot.matches({ generator: 'result' }));
    expect(requests.map((request) => request.proof)).toEqual([undefined, undefined, 'asked-for']);
    expect(proofRequests.map((request) => request.asked)).toEqual([false, false, true]);
    actor.stop();
  });

  it('sends no proof made for another script (a proof is bound to exactly one greeting)', async () => {
    const builder = greetingBuilder();
    const { requests } = builder;
    const actor = createActor(
      generatorMachine.provide({
        actors: {
          proveGreeting: fromPromise(async (): Promise<GreetingProof | null> => ({ key: 'another greeting', payload: 'stale' })),
          fetchGreeting: builder.fetchGreeting,
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'text.changed', text: 'Call us back.' });
    await waitFor(actor, (snapshot) => snapshot.matches({ proof: { current: 'ready' } }));
    actor.send({ type: 'greeting.submitted' });
    await waitFor(actor, (snapshot) => snapshot.matches({ generator: 'result' }));
    expect(requests[0]?.proof).toBeUndefined();
    actor.stop();
  });

  it('passes the trimmed text, voice and language to the request, and stops the player on pause', async () => {
    const requests: unknown[] = [];
    let stopped = 0;
    const actor = createActor(
      generatorMachine.provide({
        actors: {
          fetchGreeting: fromPromise(async ({ input: request }) => {
            requests.push(request);
            return greeting;
          }),
          playSample: fromCallback(({ sendBack }) => {
            sendBack({ type: 'sample.playing' });
            return () => {
              stopped += 1;
            };
          }),
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'voice.selected', voice: 'liam' });
    actor.send({ type: 'text.changed', text: '  Call us back.  ' });
    actor.send({ type: 'greeting.submitted' });
    await waitFor(actor, (snapshot) => snapshot.matches({ generator: 'result' }));
    expect(requests).toEqual([{ text: 'Call us back.', voice: 'liam', lang: 'en' }]);
    actor.send({ type: 'sample.toggled' });
    expect(actor.getSnapshot().matches({ sample: { active: 'playing' } })).toBe(true);
    actor.send({ type: 'sample.toggled' });
    expect(stopped).toBe(1);
    actor.stop();
  });
});
