import { createHash } from 'node:crypto';
import type { GreetingLanguage, VoiceName } from '../../core/contracts/greetings';
import { AudioJob, type FinishedAudio, type Mp3Audio } from './audio-job';
import { ByteLruCache } from './cache';
import type { CostLease, GreetingCostBudget } from './cost-budget';
import { detectLanguage } from './language';
import { normalizeForSpeech } from './normalize';
import type { Synthesizer } from './synthesizer';

/** What the caller asked for: the script as written (trimmed), a voice and a language. */
export interface GreetingRecipe {
  text: string;
  voice: VoiceName;
  lang: GreetingLanguage;
}

export type GreetingAudio =
  | { status: 'ready'; id: string; audio: Mp3Audio }
  | { status: 'rendering'; id: string; job: AudioJob };

export interface GreetingServiceOptions {
  synthesizer: Synthesizer;
  /** Byte budget of the greeting cache (the samples are kept on top of it). */
  cacheBytes: number;
  /** Admits (or refuses) each new synthesis: its cost is charged to the client that starts it. */
  budget: GreetingCostBudget;
}

/** Who asks (their address): the client the cost budget charges. */
export interface Asker {
  client: string;
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
    return createHash('sha256').update([this.engineId, recipe.lang, recipe.voice, spoken].join('\u0000')).digest('base64url').slice(0, 32);
  }

  /**
   * The greeting's audio, starting it if needed. Resolves once the first bytes exist (so the
   * caller can answer with an address that will play) or rejects if the engine fails first, or
   * at once if the cost budget refuses a new synthesis (existing audio is never refused).
   */
  async open(recipe: GreetingRecipe, asker: Asker, options: { pin?: boolean } = {}): Promise<GreetingAudio> {
    const spoken = normalizeForSpeech(recipe.text, recipe.lang);
    const id = this.idFor(recipe, spoken);
    const cached = this.cache.get(id);
    if (cached) return { status: 'ready', id, audio: cached };
    let job = this.jobs.get(id);
    if (!job) {
      const lease = await this.options.budget.admit(asker.client, spoken.length);
      // Another request may have started the same greeting while this one was admitted: join it.
      const meanwhile = this.jobs.get(id);
      if (meanwhile) lease.release();
      job = meanwhile ?? this.start(id, recipe, spoken, lease, options);
    }
    await job.started;
    return job.mp3 ? { status: 'ready', id, audio: job.mp3 } : { status: 'rendering', id, job };
  }

  /** Starts synthesis; the lease is held until it ends, however it ends. */
  private start(id: string, recipe: GreetingRecipe, spoken: string, lease: CostLease, options: { pin?: boolean }): AudioJob {
    const job = new AudioJob((sink) => this.options.synthesizer.synthesize({ text: spoken, lang: recipe.lang, voice: recipe.voice }, sink));
    this.jobs.set(id, job);
    job.finished.then(
      (audio) => {
        this.cache.set(id, audio, { pin: options.pin ?? false });
        this.jobs.delete(id);
        lease.release();
      },
      () => {
        this.jobs.delete(id);
        lease.release();
      },
    );
    return job;
  }

  /** The complete MP3 (waits for the end of its synthesis). */
  async finished(recipe: GreetingRecipe, asker: Asker, options: { pin?: boolean } = {}): Promise<{ id: string; audio: Mp3Audio }> {
    const opened = await this.open(recipe, asker, options);
    return { id: opened.id, audio: opened.status === 'ready' ? opened.audio : await opened.job.mp3Finished };
  }

  /** The 8 kHz µ-law WAV for phone systems. */
  async phoneWav(recipe: GreetingRecipe, asker: Asker): Promise<Uint8Array> {
    const { id } = await this.open(recipe, asker);
    const made = this.cache.get(id) ?? (await this.jobs.get(id)?.finished) ?? this.cache.get(id);
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

  get cacheStats(): { entries: number; bytes: number; maxBytes: number; inFlight: number } {
    return { entries: this.cache.size, bytes: this.cache.bytes, maxBytes: this.cache.maxBytes, inFlight: this.jobs.size };
  }

  async close(): Promise<void> {
    await this.options.synthesizer.close();
  }
}
