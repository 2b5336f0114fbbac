import { setPriority } from 'node:os';
import { receiveMessageOnPort, threadId, type MessagePort } from 'node:worker_threads';
import { concatFloat, int16ToFloat, resample, trimSilence } from './dsp';
import { loadESpeak, synthesizeWithESpeak } from './engines/espeak';
import { loadFlite, synthesizeWithFlite, type EnginePcm } from './engines/flite';
import { levelPiece } from './level';
import { mp3Settings, Mp3Stream, warmMp3Encoder } from './mp3';
import { splitForStreaming } from './sentences';
import type { EnginePreset } from './voices';
import { encodePhoneWav } from './wav';

/** One greeting to speak. The MP3 comes back in pieces on `port` while it is made. */
export interface SynthesisTask {
  text: string;
  preset: EnginePreset;
  port: MessagePort;
}

export type SynthesisMessage =
  /** The task has reached its thread (which the pool ends if the task gets stuck). */
  | { type: 'started'; threadId: number }
  | { type: 'mp3'; bytes: Uint8Array }
  /** The MP3 is complete: its listeners can be served while the phone WAV is made. */
  | { type: 'mp3-end'; durationSeconds: number }
  | { type: 'end'; wav: Uint8Array; durationSeconds: number };

/** Only start the thread and load its engines (a visitor is about to ask, #40.4). */
export interface PrepareTask {
  prepare: true;
}

/** From the caller: it has given up on this greeting (time limit, cancelled), so stop. */
export interface SynthesisControl {
  type: 'cancel';
}

export interface SynthesisSummary {
  durationSeconds: number;
  mp3Bytes: number;
}

// Synthesis threads run at a lower priority than the event loop: on Linux the nice value is per
// thread, so this keeps `/healthz` and other requests quick while every core is speaking.
const BACKGROUND_NICE = 10;
function setThreadNice(nice: number): boolean {
  try {
    setPriority(0, nice);
    return true;
  } catch {
    return false; // not permitted (some containers)
  }
}
setThreadNice(BACKGROUND_NICE);

/**
 * A greeting's first piece (a short phrase, ~20–30 ms of CPU) is what its listener waits for; the
 * rest has that piece's playback as slack. So first pieces run at normal priority where the process
 * may raise a thread's priority again (Linux needs CAP_SYS_NICE, or RLIMIT_NICE, for that; without
 * it they stay at the background level like the rest): on a busy host a niced first piece waited
 * behind every other process (#16, decision 702). Counted, as a thread's two greetings interleave.
 */
let urgentPieces = 0;
function startUrgent(): void {
  if (urgentPieces++ === 0) setThreadNice(0);
}
function endUrgent(): void {
  if (--urgentPieces === 0) setThreadNice(BACKGROUND_NICE);
}

/**
 * Greetings of this thread whose first piece is not out yet. A later piece of another greeting waits
 * for them: a greeting that arrives while another is speaking is otherwise heard only after that
 * one's next piece (up to 300 characters, at the background priority).
 */
let firstPiecesPending = 0;
let firstPiecesDone: { promise: Promise<void>; resolve: () => void } | undefined;
function firstPieceOut(): void {
  firstPiecesPending -= 1;
  if (firstPiecesPending === 0) {
    firstPiecesDone?.resolve();
    firstPiecesDone = undefined;
  }
}
async function afterPendingFirstPieces(): Promise<void> {
  while (firstPiecesPending > 0) {
    if (!firstPiecesDone) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      firstPiecesDone = { promise, resolve };
    }
    await firstPiecesDone.promise;
  }
}

// Load both engines and the encoder when the thread starts, not on its first greeting. (Not a
// top-level await: tsx, which runs this file from source in tests, cannot load a worker that has one.)
const enginesReady = Promise.all([loadFlite(), loadESpeak(), warmMp3Encoder()]);

export default async function synthesize(task: SynthesisTask | PrepareTask): Promise<SynthesisSummary> {
  if ('prepare' in task) {
    await enginesReady;
    return { durationSeconds: 0, mp3Bytes: 0 };
  }
  const { port, preset } = task;
  port.postMessage({ type: 'started', threadId } satisfies SynthesisMessage);
  // Read between pieces (the thread never waits on its port): a greeting nobody waits for any more
  // frees its place at once.
  const stopIfCancelled = () => {
    for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
      if ((message.message as SynthesisControl).type === 'cancel') throw new Error('the greeting was cancelled');
    }
  };
  // Counted at once, before any await: a greeting already speaking must let this one go first.
  firstPiecesPending += 1;
  let firstOut = false;
  const markFirstOut = () => {
    if (firstOut) return;
    firstOut = true;
    firstPieceOut();
  };
  try {
    await enginesReady;
    stopIfCancelled();
    const mp3 = await Mp3Stream.open();
    const output: Float32Array[] = [];
    let mp3Bytes = 0;
    const send = (bytes: Uint8Array) => {
      if (bytes.length === 0) return;
      mp3Bytes += bytes.length;
      port.postMessage({ type: 'mp3', bytes } satisfies SynthesisMessage, [bytes.buffer as ArrayBuffer]);
    };
    // Piece by piece (the first phrase alone, so it is heard early): each piece is spoken whole,
    // its silences trimmed, resampled, brought to the target loudness under the peak ceiling, then
    // encoded and sent at once.
    const pieces = splitForStreaming(task.text);
    const speakAndSend = async (piece: string, index: number): Promise<void> => {
      const pcm = await speakPiece(piece, preset);
      const first = index === 0;
      const last = index === pieces.length - 1;
      // A piece that goes on with a sentence cut at its comma starts almost at once: the head's own
      // 150 ms of tail is the comma's pause.
      const continues = index > 0 && (pieces[index - 1] ?? '').endsWith(',');
      const trimmed = trimSilence(pcm.samples, pcm.sampleRate, first || continues ? 40 : 150, last ? 250 : 150);
      if (trimmed.length === 0) return;
      // Speaking `tract` times slower and then playing it back `tract` times faster moves the
      // formants (the apparent size of the speaker) without changing the speed: one engine voice
      // becomes several distinct people.
      const block = levelPiece(resample(int16ToFloat(trimmed), pcm.sampleRate * preset.tract, mp3Settings.sampleRate), mp3Settings.sampleRate);
      output.push(block);
      send(mp3.encode(block));
    };
    for (const [index, piece] of pieces.entries()) {
      const first = index === 0;
      if (first) startUrgent();
      else await afterPendingFirstPieces();
      try {
        stopIfCancelled();
        await speakAndSend(piece, index);
      } finally {
        if (first) {
          endUrgent();
          markFirstOut();
        }
      }
      // Let the thread's other greeting speak its next piece (eSpeak never yields on its own).
      await new Promise((resolve) => setImmediate(resolve));
    }
    stopIfCancelled();
    send(mp3.finish());
    const pcm = concatFloat(output);
    const durationSeconds = Math.round((pcm.length / mp3Settings.sampleRate) * 100) / 100;
    port.postMessage({ type: 'mp3-end', durationSeconds } satisfies SynthesisMessage);
    const wav = encodePhoneWav(pcm, mp3Settings.sampleRate);
    port.postMessage({ type: 'end', wav, durationSeconds } satisfies SynthesisMessage, [wav.buffer as ArrayBuffer]);
    return { durationSeconds, mp3Bytes };
  } finally {
    markFirstOut(); // a greeting with no piece, or one that failed, holds nobody back
    port.close();
  }
}

/** One piece of text in the preset's engine voice, as the engine makes it. */
async function speakPiece(text: string, preset: EnginePreset): Promise<EnginePcm> {
  if (preset.engine === 'flite') {
    return synthesizeWithFlite(text, {
      voice: preset.voice,
      pitchHz: preset.pitchHz === undefined ? undefined : preset.pitchHz / preset.tract,
      pitchRangeHz: preset.pitchRangeHz === undefined ? undefined : preset.pitchRangeHz / preset.tract,
      durationStretch: preset.tract / preset.rate,
    });
  }
  const blocks: Int16Array[] = [];
  let sampleRate = 22_050;
  await synthesizeWithESpeak(
    text,
    { voice: preset.voice, wordsPerMinute: Math.round((preset.wordsPerMinute * preset.rate) / preset.tract), pitch: preset.pitch, range: preset.range },
    (block) => {
      sampleRate = block.sampleRate;
      blocks.push(block.samples.slice());
    },
  );
  const samples = new Int16Array(blocks.reduce((total, block) => total + block.length, 0));
  let offset = 0;
  for (const block of blocks) {
    samples.set(block, offset);
    offset += block.length;
  }
  return { samples, sampleRate };
}
