import type { GreetingLanguage, VoiceName } from '../../core/contracts/greetings';

/** What to say, already normalised for speech. */
export interface SynthesisRequest {
  text: string;
  lang: GreetingLanguage;
  voice: VoiceName;
}

export interface SynthesisResult {
  /** Seconds of audio. */
  durationSeconds: number;
  /** The 8 kHz µ-law WAV, when the engine made it alongside the MP3 (the offline engine does). */
  phoneWav: Uint8Array | null;
}

/** Where a synthesizer puts its MP3 while making it. */
export interface Mp3Sink {
  /** MP3 bytes as they are made, so they can be streamed at once. */
  write(bytes: Uint8Array): void;
  /** The MP3 is complete (the phone WAV may still be in the making). */
  end(durationSeconds: number): void;
}

/** A speech engine behind the greeting builder: the offline one (worker threads) or ElevenLabs. */
export interface Synthesizer {
  /** Engine name and version; part of every cache key, so a new engine never serves old audio. */
  readonly id: string;
  synthesize(request: SynthesisRequest, sink: Mp3Sink, signal?: AbortSignal): Promise<SynthesisResult>;
  /** Makes the phone WAV when `synthesize` did not (ElevenLabs renders it as a second format). */
  phoneWav(request: SynthesisRequest, signal?: AbortSignal): Promise<Uint8Array>;
  /** Starts what can be started ahead of the first request (threads, engines). */
  warm(): Promise<void>;
  /**
   * A visitor is about to ask (the generator page is open): have one engine ready without making
   * anything, so their greeting does not wait for a thread to start (#40.4). Cheap and idempotent.
   */
  prepare?(): void;
  close(): Promise<void>;
}

/** The engine is over capacity: the caller should try again shortly (503). */
export class SynthesisBusyError extends Error {
  override name = 'SynthesisBusyError';
}

/** The engine failed or answered an error (502). */
export class SynthesisFailedError extends Error {
  override name = 'SynthesisFailedError';
}
