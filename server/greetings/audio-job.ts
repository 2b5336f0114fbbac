import { PassThrough, type Readable } from 'node:stream';
import type { Mp3Sink, SynthesisResult } from './synthesizer';

/** A complete MP3 and its length. */
export interface Mp3Audio {
  mp3: Buffer;
  durationSeconds: number;
}

export interface FinishedAudio extends Mp3Audio {
  phoneWav: Uint8Array | null;
}

/**
 * One greeting being made. Keeps every MP3 piece so far, so a listener that arrives late (the
 * browser fetching the audio URL after the JSON) first gets what exists, then follows live. The
 * MP3 is complete (and its listeners served) before the phone WAV is, which follows it.
 */
export class AudioJob {
  private readonly pieces: Uint8Array[] = [];
  private readonly followers = new Set<PassThrough>();
  private firstPiece!: { resolve: () => void; reject: (error: unknown) => void };
  private mp3Piece!: { resolve: (audio: Mp3Audio) => void; reject: (error: unknown) => void };
  private complete: Mp3Audio | undefined;
  private failure: unknown;
  private failed = false;
  /** Requests waiting for this greeting other than its streams (a phone WAV, a whole MP3). */
  private holds = 0;
  /** Aborted when everyone who listened to the greeting left before its end (#40.4). */
  private readonly abandoned = new AbortController();
  /** Resolves when the first MP3 bytes exist, or rejects if synthesis fails before that. */
  readonly started: Promise<void>;
  /** Resolves when the whole MP3 exists. */
  readonly mp3Finished: Promise<Mp3Audio>;
  /** Resolves when everything, phone WAV included, exists. */
  readonly finished: Promise<FinishedAudio>;

  constructor(run: (sink: Mp3Sink, signal: AbortSignal) => Promise<SynthesisResult>) {
    this.started = new Promise<void>((resolve, reject) => {
      this.firstPiece = { resolve, reject };
    });
    this.mp3Finished = new Promise<Mp3Audio>((resolve, reject) => {
      this.mp3Piece = { resolve, reject };
    });
    const sink: Mp3Sink = { write: (bytes) => this.push(bytes), end: (durationSeconds) => this.endMp3(durationSeconds) };
    this.finished = run(sink, this.abandoned.signal).then(
      (result) => {
        const mp3 = this.endMp3(result.durationSeconds);
        return { ...mp3, phoneWav: result.phoneWav };
      },
      (error: unknown) => {
        this.failed = true;
        this.failure = error;
        this.firstPiece.reject(error);
        this.mp3Piece.reject(error);
        // A listener mid-stream gets a broken response rather than a silently short file.
        for (const follower of this.followers) follower.destroy(asError(error));
        this.followers.clear();
        throw error;
      },
    );
    // Callers await these when they need them; an unobserved failure is not a crash.
    for (const promise of [this.started, this.mp3Finished, this.finished]) promise.catch(() => undefined);
  }

  /** The whole MP3, once it exists (the WAV may still be in the making). */
  get mp3(): Mp3Audio | undefined {
    return this.complete;
  }

  /** The MP3 so far, then live until its end. */
  stream(): Readable {
    const out = new PassThrough();
    for (const piece of this.pieces) out.write(piece);
    if (this.complete) out.end();
    else if (this.failed) out.destroy(asError(this.failure));
    else {
      this.followers.add(out);
      out.on('close', () => {
        this.followers.delete(out);
        this.stopIfAbandoned();
      });
    }
    return out;
  }

  /** Keeps the greeting being made while `waiting` is pending, whoever stops listening to its stream. */
  hold<T>(waiting: Promise<T>): Promise<T> {
    this.holds += 1;
    return waiting.finally(() => (this.holds -= 1));
  }

  /**
   * The last listener left before the end (the page asked for another greeting, or closed): the
   * rest of its synthesis is not made, which frees its speech thread for the next one (#40.4). It
   * fails like any stopped synthesis, so a cut greeting is never cached; what it cost was charged
   * when it was admitted.
   */
  private stopIfAbandoned(): void {
    if (this.complete || this.failed || this.followers.size > 0 || this.holds > 0) return;
    this.abandoned.abort();
  }

  /** Whether its listeners left and its synthesis was told to stop. */
  get stopped(): boolean {
    return this.abandoned.signal.aborted;
  }

  private push(bytes: Uint8Array): void {
    if (bytes.length === 0 || this.complete) return;
    this.pieces.push(bytes);
    this.firstPiece.resolve();
    for (const follower of this.followers) follower.write(bytes);
  }

  private endMp3(durationSeconds: number): Mp3Audio {
    if (this.complete) return this.complete;
    this.complete = { mp3: Buffer.concat(this.pieces), durationSeconds };
    this.firstPiece.resolve();
    this.mp3Piece.resolve(this.complete);
    for (const follower of this.followers) follower.end();
    this.followers.clear();
    return this.complete;
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
