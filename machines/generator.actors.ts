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
  /**
   * The builder asked this page for a proof (a 429 GREETING_PROOF_REQUIRED for this greeting): prove
   * it whatever the price says. Otherwise work is proved only when the price says a greeting without
   * one would be refused now.
   */
  asked?: boolean;
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
   * pause in the typing, the greeting's price (`GET /greetings/work`), and when the builder would
   * refuse it without a proof (or asked for one), its challenge solved off the main thread. Null:
   * the builder takes it without a proof now, nothing was solved (#40.4: the solver no longer takes
   * the cores a quiet builder's synthesis needs, nor a phone's battery). Stopping the actor (another
   * edit) abandons the work.
   */
  proveGreeting: fromPromise<GreetingProof | null, ProofRequest>(async () => {
    throw new Error('proveGreeting is not provided');
  }),
  /**
   * Plays a voice's sample while it runs: reports `sample.playing` once sound starts, then
   * `sample.ended` or `sample.failed`. Stopping the actor (pause, another voice) stops the sound.
   */
  playSample: fromCallback<{ type: 'never' }, SampleRequest>(() => () => undefined),
};
