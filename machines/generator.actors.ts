import { fromCallback, fromPromise } from 'xstate';
import type { Greeting, GreetingLanguage, VoiceName } from '../core/contracts/greetings';

export interface GreetingRequest {
  text: string;
  voice: VoiceName;
  lang: GreetingLanguage;
}

export interface SampleRequest {
  voice: VoiceName;
  lang: GreetingLanguage;
}

/** What the sample player tells the chart. */
export type SampleReport = { type: 'sample.playing' } | { type: 'sample.ended' } | { type: 'sample.failed' };

/**
 * Stand-in implementations: the page provides real ones (`fetch` to the greeting builder, an
 * <audio> element for samples) with `machine.provide`, tests provide scripted ones.
 */
export const generatorActors = {
  /** Asks the greeting builder for a greeting; rejects with 'Failed to fetch greeting message'. */
  fetchGreeting: fromPromise<Greeting, GreetingRequest>(async () => {
    throw new Error('fetchGreeting is not provided');
  }),
  /**
   * Plays a voice's sample while it runs: reports `sample.playing` once sound starts, then
   * `sample.ended` or `sample.failed`. Stopping the actor (pause, another voice) stops the sound.
   */
  playSample: fromCallback<{ type: 'never' }, SampleRequest>(() => () => undefined),
};
