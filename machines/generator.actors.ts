import { fromCallback, fromPromise } from 'xstate';
import type { Greeting, GreetingLanguage, VoiceName } from '../core/contracts/greetings';

export interface GreetingRequest {
  text: string;
  voice: VoiceName;
  lang: GreetingLanguage;
  /** A solved proof of work for exactly this greeting (#34.2), when one is ready. */
  proof?: string | undefined;
}

/** What to prove work for: the greeting as it would be sent. */
export interface ProofRequest {
  text: string;
  voice: VoiceName;
  lang: GreetingLanguage;
}

/** A solved proof of work, and the greeting it was made for (`proofKey`). */
export interface GreetingProof {
  key: string;
  payload: string;
}

/** Which greeting a proof belongs to: a proof is bound by the server to exactly this. */
export function proofKey(request: ProofRequest): string {
  return JSON.stringify([request.text.trim(), request.voice, request.lang]);
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
   * Proves work for a greeting in the background while the visitor writes (#34.2): after a short
   * pause in the typing, the greeting's challenge (`GET /greetings/work`), solved off the main
   * thread. Stopping the actor (another edit) abandons the work.
   */
  proveGreeting: fromPromise<GreetingProof, ProofRequest>(async () => {
    throw new Error('proveGreeting is not provided');
  }),
  /**
   * Plays a voice's sample while it runs: reports `sample.playing` once sound starts, then
   * `sample.ended` or `sample.failed`. Stopping the actor (pause, another voice) stops the sound.
   */
  playSample: fromCallback<{ type: 'never' }, SampleRequest>(() => () => undefined),
};
