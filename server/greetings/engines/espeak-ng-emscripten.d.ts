// Types for the parts of the eSpeak-NG Emscripten build that the greeting engine calls (the
// package ships none). Names follow its `eSpeakNGWorker` binding.
declare module '@echogarden/espeak-ng-emscripten' {
  export interface ESpeakNGWorker {
    set_voice(name: string): number;
    set_rate(wordsPerMinute: number): void;
    set_pitch(pitch: number): void;
    set_range(range: number): void;
    set_volume(volume: number): void;
    get_samplerate(): number;
    /** Calls back with 16-bit sample blocks as they are made; return 0 to go on, 1 to stop. */
    synthesize(text: string, callback: (samples: Int16Array | null, events: unknown[]) => number): number;
  }

  export interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }

  const createModule: (options?: Record<string, unknown>) => Promise<ESpeakNGModule>;
  export default createModule;
}
