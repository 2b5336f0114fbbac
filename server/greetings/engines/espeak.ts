import createESpeakModule, { type ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';
import type { EnginePcm } from './flite';

export interface ESpeakOptions {
  /** eSpeak voice with an optional variant, e.g. `fr+f3`, `en-gb-x-rp+m2`. */
  voice: string;
  /** Words per minute (80 to 450; 175 is eSpeak's default). */
  wordsPerMinute: number;
  /** Base pitch, 0 to 99 (50 is the voice's default). */
  pitch: number;
  /** Pitch range, 0 (monotone) to 99 (50 is the default). */
  range: number;
}

let workerPromise: Promise<ESpeakNGWorker> | undefined;

/** Loads eSpeak-NG and its 24 MB data file once per thread (about 200 ms). */
export function loadESpeak(): Promise<ESpeakNGWorker> {
  workerPromise ??= createESpeakModule().then((module) => new module.eSpeakNGWorker());
  return workerPromise;
}

/**
 * Speaks `text` with eSpeak-NG, handing each block of samples to `onBlock` as the engine makes it
 * (eSpeak streams natively, so the first block comes after a few milliseconds).
 */
export async function synthesizeWithESpeak(text: string, options: ESpeakOptions, onBlock: (block: EnginePcm) => void): Promise<void> {
  const engine = await loadESpeak();
  const status = engine.set_voice(options.voice);
  if (status !== 0) throw new Error(`eSpeak has no voice ${options.voice}`);
  engine.set_rate(options.wordsPerMinute);
  engine.set_pitch(options.pitch);
  engine.set_range(options.range);
  const sampleRate = engine.get_samplerate();
  let failure: unknown;
  engine.synthesize(text, (samples) => {
    if (!samples || samples.length === 0) return 0;
    try {
      onBlock({ samples, sampleRate });
      return 0;
    } catch (error) {
      failure = error;
      return 1;
    }
  });
  if (failure) throw failure;
}
