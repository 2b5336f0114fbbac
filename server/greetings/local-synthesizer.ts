import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { PrepareTask, SynthesisControl, SynthesisMessage, SynthesisSummary, SynthesisTask } from './synth.worker';
import { SynthesisBusyError, SynthesisFailedError, type Mp3Sink, type SynthesisRequest, type SynthesisResult, type Synthesizer } from './synthesizer';
import { localEngineVersion, voicePresets } from './voices';

export interface LocalSynthesizerOptions {
  /** Worker threads (default: one per core, at most 4). */
  threads?: number;
  /** Greetings allowed to wait for a thread before new ones are refused with 503. */
  maxQueue?: number;
  /**
   * A greeting taking longer than this (queue included) fails; its thread stops it at its next
   * piece, or is replaced if it is still at it as long again. Default 30 s.
   */
  timeoutMs?: number;
  /**
   * A thread with nothing to say for this long ends (and frees its 45 MB of engines); the next
   * greeting starts one again (about 0.3 s). Default 60 s.
   */
  idleMs?: number;
  /** Greetings one thread makes at once, their pieces interleaved (default 2). */
  greetingsPerThread?: number;
  /** Told when a thread fails outside a task (it is replaced; pending greetings fail with 502). */
  onThreadError?: (error: unknown) => void;
}

/**
 * The worker file, from source (tsx, tests) or from the bundle (`dist/server/server.js` next to
 * `dist/server/greetings/synth.worker.js`, see scripts/build-server.mjs).
 */
function workerFile(): { filename: string; needsTsx: boolean } {
  const candidates = [new URL('./synth.worker.ts', import.meta.url), new URL('./synth.worker.js', import.meta.url), new URL('./greetings/synth.worker.js', import.meta.url)];
  for (const candidate of candidates) {
    if (existsSync(fileURLToPath(candidate))) return { filename: candidate.href, needsTsx: candidate.pathname.endsWith('.ts') };
  }
  throw new Error('synth.worker not found next to the greetings code');
}

type LoadBalancer = NonNullable<NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer']>;

/**
 * Which thread takes a greeting: an idle one; else, while the pool may grow, none yet (piscina then
 * starts a thread for it); else the least busy. Piscina's own balancer gives a greeting to a thread
 * that is already speaking one as long as it has room, and starts another thread only when all are
 * full, so one visitor's long greeting shared its thread with the next visitor while the second
 * core stayed idle (#25.6, proof:greeting-cost).
 */
function idleThreadFirst(maxThreads: number, perThread: number): LoadBalancer {
  return (task, workers) => {
    const idle = workers.find((worker) => worker.currentUsage === 0);
    if (idle) return idle;
    if (workers.length < maxThreads) return null;
    let least: (typeof workers)[number] | null = null;
    for (const worker of workers) if (worker.currentUsage < perThread && !worker.isRunningAbortableTask && (least === null || worker.currentUsage < least.currentUsage)) least = worker;
    return task.isAbortable ? null : least;
  };
}

/** Speech threads when none are configured: one per core, at most 4. */
export function defaultSpeechThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * The offline engine: Flite (English) and eSpeak-NG (French) in a pool of worker threads, so the
 * event loop keeps answering while they speak. Threads start on first use and end when idle, so a
 * server nobody asks for greetings (and tests that never speak) holds no speech engine in memory.
 */
export class LocalSynthesizer implements Synthesizer {
  readonly id = `local/${localEngineVersion}`;
  private pool: Piscina<SynthesisTask | PrepareTask, SynthesisSummary> | undefined;
  private preparing: Promise<unknown> | undefined;
  /** Greetings given to the threads and not yet done (MP3 and phone WAV): fewer than the threads means one is free. */
  private speaking = 0;

  constructor(private readonly options: LocalSynthesizerOptions = {}) {}

  private getPool(): Piscina<SynthesisTask | PrepareTask, SynthesisSummary> {
    if (!this.pool) {
      const threads = this.options.threads ?? defaultSpeechThreads();
      const { filename, needsTsx } = workerFile();
      this.pool = new Piscina<SynthesisTask | PrepareTask, SynthesisSummary>({
        filename,
        minThreads: 0,
        maxThreads: threads,
        // Two greetings per thread: their pieces interleave (each engine call is a separate step),
        // so with more visitors than cores each one's first sentence still comes early.
        concurrentTasksPerWorker: this.options.greetingsPerThread ?? 2,
        loadBalancer: idleThreadFirst(threads, this.options.greetingsPerThread ?? 2),
        maxQueue: this.options.maxQueue ?? 64,
        // A busy minute keeps threads (and their loaded engines) alive; a quiet one frees them.
        idleTimeout: this.options.idleMs ?? 60_000,
        // From source (tests, `npm run dev`) the threads compile TypeScript with tsx like the parent.
        execArgv: needsTsx ? ['--import', 'tsx'] : [],
      });
      // Without a listener, a thread that cannot start would be an unhandled 'error' event, which
      // ends the process.
      this.pool.on('error', (error: unknown) => this.options.onThreadError?.(error));
    }
    return this.pool;
  }

  /** Speech threads running now (0 before the first greeting and after a quiet spell). */
  get threadCount(): number {
    return this.pool?.threads.length ?? 0;
  }

  /** Greetings a thread is still working on (a stopped one counts until its thread lets go of it). */
  get tasks(): number {
    return this.speaking;
  }

  async warm(): Promise<void> {
    const pool = this.getPool();
    // One short greeting per thread loads both engines and the encoder everywhere.
    await Promise.all(
      Array.from({ length: pool.options.maxThreads }, (_, index) =>
        this.synthesize({ text: index % 2 === 0 ? 'Ready.' : 'Prêt.', lang: index % 2 === 0 ? 'en' : 'fr', voice: 'aria' }, { write: () => undefined, end: () => undefined }),
      ),
    );
  }

  /**
   * Starts one speech thread with its engines loaded when none is free: none runs, or every one is
   * speaking and the pool may grow. A cold thread costs its first greeting 0.3–1 s (1–2 s on a busy
   * host), which the visitor would otherwise wait through after their click (#40.4): the page asks
   * its price while a greeting of its own (or another visitor's) is still being made, and the next
   * click found only busy threads and waited for a second one to start. It ends after a quiet
   * minute like any other; the pool never exceeds its threads.
   */
  prepare(): void {
    if (this.preparing) return;
    const threads = this.threadCount;
    const maxThreads = this.options.threads ?? defaultSpeechThreads();
    if (threads > 0 && (this.speaking < threads || threads >= maxThreads)) return;
    this.preparing = this.getPool()
      .run({ prepare: true })
      .catch(() => undefined)
      .finally(() => (this.preparing = undefined));
  }

  synthesize(request: SynthesisRequest, sink: Mp3Sink, signal?: AbortSignal): Promise<SynthesisResult> {
    const pool = this.getPool();
    const preset = voicePresets[request.voice].presets[request.lang];
    const { port1, port2 } = new MessageChannel();
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    return new Promise<SynthesisResult>((resolve, reject) => {
      let settled = false;
      let taskDone = false;
      let threadId: number | undefined;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        // While the task runs the port stays open: a 'cancel' may still have to reach the thread.
        if (taskDone) port1.close();
        outcome();
      };
      // No greeting may hang its caller. The task is not given to piscina with an abort signal: an
      // abortable task has its thread to itself (piscina ends the thread to abort it), which made
      // every thread speak one greeting at a time and left the next visitors queued (#16). The
      // thread stops at its next piece when told to; one still in the task long after is stuck in
      // an engine and is ended (piscina starts another).
      const giveUp = (reason: string) =>
        finish(() => {
          port1.postMessage({ type: 'cancel' } satisfies SynthesisControl);
          reject(new SynthesisFailedError(reason));
          setTimeout(() => {
            if (!taskDone) void this.endThread(threadId);
          }, Math.max(1000, timeoutMs)).unref();
        });
      const timer = setTimeout(() => giveUp(`no greeting after ${timeoutMs} ms`), timeoutMs);
      // Its caller stopped listening (#40.4): the thread drops the pieces not yet spoken, and the
      // greeting fails once the thread has let go of it (the piece it is speaking ends first), so
      // its cost is held as long as its work goes on. The time limit still applies.
      let cancelled = false;
      const failCancelled = () => finish(() => reject(new SynthesisFailedError('the greeting was cancelled')));
      const onAbort = () => {
        if (cancelled || settled) return;
        cancelled = true;
        port1.postMessage({ type: 'cancel' } satisfies SynthesisControl);
        if (taskDone) failCancelled();
      };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
      port1.on('message', (message: SynthesisMessage) => {
        if (message.type === 'started') threadId = message.threadId;
        else if (settled) return;
        else if (message.type === 'mp3') sink.write(message.bytes);
        else if (message.type === 'mp3-end') sink.end(message.durationSeconds);
        else finish(() => resolve({ durationSeconds: message.durationSeconds, phoneWav: message.wav }));
      });
      const task: SynthesisTask = { text: request.text, preset, port: port2 };
      this.speaking += 1;
      pool.run(task, { transferList: [port2] }).then(
        () => {
          this.speaking -= 1;
          taskDone = true;
          if (settled) port1.close();
          else if (cancelled) failCancelled();
          // The 'end' message travels on our own port, which may lag the pool's reply a little.
          else setTimeout(() => finish(() => reject(new SynthesisFailedError('the speech thread ended without audio'))), 1000).unref();
        },
        (error: unknown) => {
          this.speaking -= 1;
          taskDone = true;
          if (settled) port1.close();
          finish(() => {
            const text = error instanceof Error ? error.message : String(error);
            reject(/queue is at limit/i.test(text) ? new SynthesisBusyError('every speech thread is busy') : new SynthesisFailedError(text));
          });
        },
      );
    });
  }

  /** Ends one speech thread (its engine is stuck); piscina fails its tasks and starts another. */
  private async endThread(threadId: number | undefined): Promise<void> {
    if (threadId === undefined) return;
    await this.pool?.threads.find((thread) => thread.threadId === threadId)?.terminate();
  }

  phoneWav(): Promise<Uint8Array> {
    // The worker always makes the WAV with the MP3; nothing to do on its own.
    return Promise.reject(new SynthesisFailedError('the offline engine makes the phone WAV with the MP3'));
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}
