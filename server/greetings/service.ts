import { createHash } from 'node:crypto';
import { traced } from '../observability/tracing';
import type { GreetingLanguage, VoiceName } from '../../core/contracts/greetings';
import { AudioJob, type FinishedAudio, type Mp3Audio } from './audio-job';
import { ByteLruCache } from './cache';
import type { Admission, CostLease, GreetingCostBudget } from './cost-budget';
import { detectLanguage } from './language';
import { normalizeForSpeech } from './normalize';
import type { Synthesizer } from './synthesizer';
import type { CaptchaService } from '../captcha/plugin';

/** What the caller asked for: the script as written (trimmed), a voice and a language. */
export interface GreetingRecipe {
  text: string;
  voice: VoiceName;
  lang: GreetingLanguage;
}

export type GreetingAudio =
  | { status: 'ready'; id: string; audio: Mp3Audio }
  | { status: 'rendering'; id: string; job: AudioJob };

/**
 * The scope a greeting's proof of work is bound to: the greeting builder, and the greeting's id, a
 * hash of exactly what it pays for (engine, language, voice and spoken text, so also its length).
 */
export function greetingScope(greetingId: string): string {
  return `greeting:${greetingId}`;
}

export interface GreetingServiceOptions {
  synthesizer: Synthesizer;
  /** Byte budget of the greeting cache (the samples are kept on top of it). */
  cacheBytes: number;
  /** Admits (or refuses) each new synthesis: its cost is charged to the client that starts it. */
  budget: GreetingCostBudget;
  /** The proof-of-work primitives (server/captcha/, `app.captcha`): greetings use them with their own scope (#34.2). */
  work: Pick<CaptchaService, 'issueWork' | 'spendWork'>;
  /** Told how long each new greeting waited for room and how long its synthesis took (the metrics). */
  observe?: { queueWait(seconds: number): void; synthesis(seconds: number): void };
  /** Audio made ahead of time, by id (the voice samples the build renders, ./prerendered-samples.ts). */
  prerendered?: (id: string) => Mp3Audio | undefined;
}

/** Content address of a greeting: what the engine is given, and which engine. */
export function greetingId(engineId: string, recipe: Pick<GreetingRecipe, 'lang' | 'voice'>, spoken: string): string {
  return createHash('sha256').update([engineId, recipe.lang, recipe.voice, spoken].join('\u0000')).digest('base64url').slice(0, 32);
}

/** Who asks (their address): the client the cost budget charges, and the proof of work it brought, if any. */
export interface Asker {
  client: string;
  proof?: string | undefined;
}

/** How a greeting is opened: kept for the process (samples), and exempt from proving work (samples again). */
export interface OpenOptions {
  pin?: boolean;
  exempt?: boolean;
}

/**
 * Turns recipes into audio: each distinct greeting is made once (concurrent requests for the same
 * one share its job), then served from a byte-bounded cache keyed by a hash of what is spoken, the
 * voice and the engine version.
 */
export class GreetingService {
  private readonly cache: ByteLruCache<FinishedAudio>;
  private readonly jobs = new Map<string, AudioJob>();

  constructor(private readonly options: GreetingServiceOptions) {
    this.cache = new ByteLruCache<FinishedAudio>(options.cacheBytes, (audio) => audio.mp3.length + (audio.phoneWav?.length ?? 0));
  }

  get engineId(): string {
    return this.options.synthesizer.id;
  }

  recipe(input: { text: string; voice: VoiceName; lang?: GreetingLanguage | undefined }): GreetingRecipe {
    const text = input.text.trim();
    return { text, voice: input.voice, lang: input.lang ?? detectLanguage(text) };
  }

  /** Content address of a greeting: what the engine is given, and which engine. */
  idOf(recipe: GreetingRecipe): string {
    return this.idFor(recipe, normalizeForSpeech(recipe.text, recipe.lang));
  }

  private idFor(recipe: GreetingRecipe, spoken: string): string {
    return greetingId(this.engineId, recipe, spoken);
  }

  /** A visitor is about to ask for a greeting: have an engine ready (see Synthesizer.prepare). */
  prepare(): void {
    this.options.synthesizer.prepare?.();
  }

  /**
   * The greeting's audio, starting it if needed. Resolves once the first bytes exist (so the
   * caller can answer with an address that will play) or rejects if the engine fails first, or
   * at once if the cost budget refuses a new synthesis (existing audio is never refused).
   */
  async open(recipe: GreetingRecipe, asker: Asker, options: OpenOptions = {}): Promise<GreetingAudio> {
    const spoken = normalizeForSpeech(recipe.text, recipe.lang);
    const id = this.idFor(recipe, spoken);
    const cached = this.cache.get(id);
    if (cached) return { status: 'ready', id, audio: cached };
    // A kept recording (a voice sample) made ahead of time is never made again (#40.4).
    const made = options.pin ? this.options.prerendered?.(id) : undefined;
    if (made) {
      this.cache.set(id, { ...made, phoneWav: null }, { pin: true });
      return { status: 'ready', id, audio: made };
    }
    let job = this.liveJob(id);
    if (!job) {
      const asked = performance.now();
      const lease = await this.options.budget.admit(asker.client, spoken.length, this.admission(id, asker, options));
      this.options.observe?.queueWait((performance.now() - asked) / 1000);
      // Another request may have started the same greeting while this one was admitted: join it.
      const meanwhile = this.liveJob(id);
      if (meanwhile) lease.release();
      job = meanwhile ?? this.start(id, recipe, spoken, lease, options);
    }
    await job.started;
    return job.mp3 ? { status: 'ready', id, audio: job.mp3 } : { status: 'rendering', id, job };
  }

  /**
   * How a new synthesis comes to the budget: exempt, unproven, or with a proof the budget spends
   * (checked by the captcha's spendWork: shape, signature, expiry, made for this very greeting, and
   * the first spend across instances) before it compares what it paid with the price.
   */
  private admission(id: string, asker: Asker, options: OpenOptions): Admission {
    if (options.exempt) return { kind: 'exempt' };
    const payload = asker.proof;
    if (payload === undefined) return { kind: 'unproven' };
    return { kind: 'proven', proof: { spend: () => this.options.work.spendWork({ scope: greetingScope(id), payload }) } };
  }

  /**
   * The greeting being made under `id`, to join; not one whose listeners left and which is being
   * stopped: asked again, that greeting is made again (and paid again).
   */
  private liveJob(id: string): AudioJob | undefined {
    const job = this.jobs.get(id);
    return job?.stopped ? undefined : job;
  }

  /** Starts synthesis; the lease is held until it ends, however it ends. */
  private start(id: string, recipe: GreetingRecipe, spoken: string, lease: CostLease, options: OpenOptions): AudioJob {
    const started = performance.now();
    const job = new AudioJob((sink, signal) =>
      traced('greeting.synthesis', { 'greeting.lang': recipe.lang, 'greeting.voice': recipe.voice, 'greeting.characters': spoken.length }, () =>
        this.options.synthesizer.synthesize({ text: spoken, lang: recipe.lang, voice: recipe.voice }, sink, signal),
      ),
    );
    this.jobs.set(id, job);
    void job.finished.then(
      () => this.options.observe?.synthesis((performance.now() - started) / 1000),
      () => undefined,
    );
    // The lease is released when the synthesis has ended, also a stopped one: only once its thread
    // has let go of it (local-synthesizer.ts), so its in-flight share is held while it still works.
    const forget = () => {
      if (this.jobs.get(id) === job) this.jobs.delete(id);
      lease.release();
    };
    job.finished.then(
      (audio) => {
        this.cache.set(id, audio, { pin: options.pin ?? false });
        forget();
      },
      forget,
    );
    return job;
  }

  /** The complete MP3 (waits for the end of its synthesis). */
  async finished(recipe: GreetingRecipe, asker: Asker, options: OpenOptions = {}): Promise<{ id: string; audio: Mp3Audio }> {
    const opened = await this.open(recipe, asker, options);
    return { id: opened.id, audio: opened.status === 'ready' ? opened.audio : await opened.job.hold(opened.job.mp3Finished) };
  }

  /** The 8 kHz µ-law WAV for phone systems. */
  async phoneWav(recipe: GreetingRecipe, asker: Asker): Promise<Uint8Array> {
    const { id } = await this.open(recipe, asker);
    const job = this.jobs.get(id);
    const made = this.cache.get(id) ?? (job && (await job.hold(job.finished))) ?? this.cache.get(id);
    if (made?.phoneWav) return made.phoneWav;
    if (!made) throw new Error('greeting vanished before its phone WAV was made');
    // The engine makes no WAV alongside its MP3 (ElevenLabs): ask it for one, a second synthesis to pay for.
    const spoken = normalizeForSpeech(recipe.text, recipe.lang);
    const lease = await this.options.budget.admit(asker.client, spoken.length);
    const phoneWav = await this.options.synthesizer.phoneWav({ text: spoken, lang: recipe.lang, voice: recipe.voice }).finally(() => lease.release());
    const withWav: FinishedAudio = { ...made, phoneWav };
    this.cache.set(id, withWav);
    return phoneWav;
  }

  /** A proof-of-work challenge for the greeting `id`, at `maxNumber`. */
  issueWork(id: string, maxNumber: number): ReturnType<CaptchaService['issueWork']> {
    return this.options.work.issueWork({ scope: greetingScope(id), maxNumber });
  }

  /** The spoken length and id of a recipe: what its proof of work is priced on and bound to. */
  spokenOf(recipe: GreetingRecipe): { id: string; spokenCharacters: number } {
    const spoken = normalizeForSpeech(recipe.text, recipe.lang);
    return { id: this.idFor(recipe, spoken), spokenCharacters: spoken.length };
  }

  get cacheStats(): { entries: number; bytes: number; maxBytes: number; inFlight: number } {
    return { entries: this.cache.size, bytes: this.cache.bytes, maxBytes: this.cache.maxBytes, inFlight: this.jobs.size };
  }

  async close(): Promise<void> {
    await this.options.synthesizer.close();
  }
}
