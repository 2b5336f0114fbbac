import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  findPlaceholders,
  greetingErrorCodes,
  greetingLanguages,
  greetingQuerySchema,
  greetingSchema,
  spokenTextQuerySchema,
  spokenTextSchema,
  voiceAvatarPath,
  voiceDisplayList,
  voiceListSchema,
  voiceNames,
  voiceSamplePath,
  type Greeting,
  type GreetingQuery,
  type VoiceName,
} from '../../core/contracts/greetings';
import { HttpError } from '../http/errors';
import { drawAvatar } from './avatars';
import { ElevenLabsSynthesizer } from './elevenlabs';
import { detectLanguage } from './language';
import { CostRefusal, GreetingCostBudget } from './cost-budget';
import { defaultSpeechThreads, LocalSynthesizer } from './local-synthesizer';
import { normalizeForSpeech } from './normalize';
import { sampleScript } from './samples';
import { GreetingService, type Asker, type GreetingRecipe } from './service';
import { SynthesisBusyError, type Synthesizer } from './synthesizer';

export interface GreetingsPluginOptions {
  /** Replaces the engine chosen from the environment (tests). */
  synthesizer?: Synthesizer;
}

const YEAR = 'public, max-age=31536000, immutable';
const WEEK = 'public, max-age=604800';

/** Loose query shapes: the routes check values themselves to answer the contract's stable codes. */
const queryValue = z.union([z.string(), z.array(z.string())]).optional();
const looseQuery = z.looseObject({ text: queryValue, voice: queryValue, lang: queryValue, download: queryValue });
const audioParams = z.object({ file: z.string() });
const voiceParams = z.object({ voice: z.string() });
const langQuery = z.looseObject({ lang: z.string().optional() });

/**
 * The greeting builder (SPEC §2 voice generator, §7 "GET greeting-builder service"):
 * - `GET /greetings?text&voice[&lang]` → where the greeting's audio is, once its first bytes exist;
 * - `GET /greetings/audio/{id}.mp3|.wav?text&voice&lang` → the audio, streamed while it is made;
 * - `GET /greetings/voices[?lang]`, `…/voices/{voice}/sample.mp3`, `…/voices/{voice}/avatar.svg`.
 * Audio addresses carry their recipe, so any instance can make (or remake) what they point at.
 */
async function greetingsPlugin(scope: FastifyInstance, options: GreetingsPluginOptions = {}): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const env = app.env;
  const { service, budget } = greetingService(app, options);
  app.addHook('onClose', async () => service.close());
  // No warm-up when the server starts: speech threads start with the first greeting and end after
  // a quiet minute (local-synthesizer.ts), so an idle server holds no speech engine in memory.

  const perMinute = env.GREETINGS_RATE_LIMIT;
  // Listening to an address remakes audio only when the cache lost it, so it gets a looser limit.
  const audioLimit = { rateLimit: { max: perMinute * 6, timeWindow: '1 minute' } };

  app.get(
    '/greetings',
    {
      schema: { querystring: looseQuery, response: { 200: greetingSchema } },
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const query = parseGreetingQuery(request.query);
      const recipe = service.recipe(query);
      const opened = await speak(request, reply, () => service.open(recipe, askerOf(request)));
      reply.header('cache-control', 'no-store');
      return describe(recipe, opened.id, opened.status === 'ready' ? opened.audio.durationSeconds : null);
    },
  );

  // What the engine would be given for a script: numbers, times, addresses and abbreviations as
  // words. Cheap (no synthesis), so it shares the greeting limit's window but not its budget.
  app.get(
    '/greetings/spoken-text',
    {
      schema: { querystring: looseQuery, response: { 200: spokenTextSchema } },
      config: { rateLimit: { max: perMinute * 6, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const query = parseQuery(spokenTextQuerySchema, request.query);
      const lang = query.lang ?? detectLanguage(query.text);
      const spoken = normalizeForSpeech(query.text, lang);
      reply.header('cache-control', 'no-store');
      // Costs no synthesis; says what a greeting of this script would cost, and the most it may.
      return { lang, text: query.text, spoken, spokenCharacters: spoken.length, maxSpokenCharacters: budget.limits.maxSpokenCharacters };
    },
  );

  app.get('/greetings/audio/:file', { schema: { params: audioParams, querystring: looseQuery }, config: audioLimit }, (request, reply) => serveAudio(service, request, reply, request.params.file, request.query));

  app.get('/greetings/voices', { schema: { querystring: langQuery, response: { 200: voiceListSchema } } }, async (request) => {
    const lang = parseLanguage(request.query.lang) ?? 'en';
    return {
      lang,
      voices: voiceDisplayList.map((label) => {
        const name = label.toLowerCase() as VoiceName;
        return { name, label, sampleUrl: voiceSamplePath(name, lang), avatarUrl: voiceAvatarPath(name) };
      }),
    };
  });

  app.get('/greetings/voices/:voice/sample.mp3', { schema: { params: voiceParams, querystring: langQuery }, config: audioLimit }, async (request, reply) => {
    const voice = parseVoice(request.params.voice);
    const lang = parseLanguage(request.query.lang) ?? 'en';
    // Made once per voice and language by the same engine, then kept (pinned) for the process.
    const recipe: GreetingRecipe = { text: sampleScript(voice, lang), voice, lang };
    const { id, audio } = await speak(request, reply, () => service.finished(recipe, askerOf(request), { pin: true }));
    return sendBytes(request, reply, audio.mp3, 'audio/mpeg', { etag: `"${id}"`, cacheControl: WEEK });
  });

  app.get('/greetings/voices/:voice/avatar.svg', { schema: { params: voiceParams } }, async (request, reply) => {
    const voice = parseVoice(request.params.voice);
    return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', YEAR).send(drawAvatar(voice));
  });
}

/**
 * The engine (ElevenLabs when a key is set, else the local one; a test's own when given), the cost
 * budget every synthesis route shares, and the service that makes and caches greetings with them.
 */
function greetingService(app: FastifyInstance, options: GreetingsPluginOptions): { service: GreetingService; budget: GreetingCostBudget } {
  const env = app.env;
  const synthesizer =
    options.synthesizer ??
    (env.ELEVENLABS_API_KEY
      ? new ElevenLabsSynthesizer({ apiKey: env.ELEVENLABS_API_KEY, baseUrl: env.ELEVENLABS_API_URL, modelId: env.ELEVENLABS_MODEL_ID })
      : new LocalSynthesizer({ threads: env.GREETINGS_THREADS, onThreadError: (error) => app.log.error({ err: error }, 'greeting engine thread failed') }));
  const threads = env.GREETINGS_THREADS ?? defaultSpeechThreads();
  // One budget for every route that can start synthesis (#25.6); its numbers are in docs/greetings.md.
  const budget = new GreetingCostBudget(
    {
      maxSpokenCharacters: env.GREETINGS_MAX_SPOKEN_CHARACTERS,
      clientInFlightSeconds: env.GREETINGS_CLIENT_IN_FLIGHT_SECONDS,
      inFlightSeconds: env.GREETINGS_IN_FLIGHT_SECONDS ?? 15 * threads,
      clientCharactersPerHour: env.GREETINGS_CLIENT_CHARACTERS_PER_HOUR,
    },
    app.hitCounter,
    app.clock,
    threads,
  );
  const service = new GreetingService({ synthesizer, cacheBytes: Math.round(env.GREETINGS_CACHE_MB * 1024 * 1024), budget });
  return { service, budget };
}

/** `GET /greetings/audio/{id}.mp3|.wav`: the audio of the recipe in the query, if it hashes to that id. */
async function serveAudio(service: GreetingService, request: FastifyRequest, reply: FastifyReply, file: string, rawQuery: z.infer<typeof looseQuery>): Promise<FastifyReply> {
  const match = /^([A-Za-z0-9_-]{32})\.(mp3|wav)$/.exec(file);
  if (!match) throw notFound();
  const [, id = '', format] = match;
  const recipe = service.recipe(parseGreetingQuery(rawQuery));
  // The address is content-addressed: a recipe that does not hash to it is someone else's greeting.
  if (service.idOf(recipe) !== id) throw notFound();
  const download = rawQuery.download !== undefined;
  if (format === 'wav') {
    const wav = await speak(request, reply, () => service.phoneWav(recipe, askerOf(request)));
    return sendBytes(request, reply, Buffer.from(wav), 'audio/wav', { etag: `"${id}-wav"`, filename: `greeting-${recipe.voice}.wav`, download: true });
  }
  const opened = await speak(request, reply, () => service.open(recipe, askerOf(request)));
  // A player asking for a precise byte range (Safari probes `bytes=0-1` first) needs the whole
  // file to answer 206; an open range from 0 (Chrome) or none can take the live stream.
  const wantsRange = request.headers.range !== undefined && !/^bytes=0-$/.test(request.headers.range);
  if (opened.status === 'ready' || wantsRange) {
    const audio = opened.status === 'ready' ? opened.audio : await speak(request, reply, () => opened.job.mp3Finished);
    return sendBytes(request, reply, audio.mp3, 'audio/mpeg', { etag: `"${id}"`, filename: `greeting-${recipe.voice}.mp3`, download });
  }
  // Still being made: stream what exists and follow it live. No length is known yet, and the
  // response must not be cached in case synthesis fails half way.
  reply.header('content-type', 'audio/mpeg').header('cache-control', 'no-store').header('x-greeting-status', 'rendering');
  if (download) reply.header('content-disposition', `attachment; filename="greeting-${recipe.voice}.mp3"`);
  return reply.send(opened.job.stream());
}

function describe(recipe: GreetingRecipe, id: string, durationSeconds: number | null): Greeting {
  const search = new URLSearchParams({ text: recipe.text, voice: recipe.voice, lang: recipe.lang }).toString();
  const mp3 = `/greetings/audio/${id}.mp3?${search}`;
  return {
    url: mp3,
    voice: recipe.voice,
    lang: recipe.lang,
    duration: durationSeconds,
    status: durationSeconds === null ? 'rendering' : 'ready',
    formats: [
      { format: 'mp3', contentType: 'audio/mpeg', url: `${mp3}&download=1`, use: 'web' },
      { format: 'wav', contentType: 'audio/wav', url: `/greetings/audio/${id}.wav?${search}`, use: 'phone' },
    ],
  };
}

/** Checks the query against the shared contract and answers its first problem with a stable code. */
function parseGreetingQuery(query: unknown): GreetingQuery {
  return parseQuery(greetingQuerySchema, query);
}

function parseQuery<T>(schema: z.ZodType<T>, query: unknown): T {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const code = Object.values(greetingErrorCodes).find((known) => known === issue?.message) ?? 'VALIDATION_FAILED';
  if (code === greetingErrorCodes.textHasPlaceholders) {
    // Name what is left, so a caller sees which detail it forgot to fill in.
    const text = typeof (query as { text?: unknown }).text === 'string' ? (query as { text: string }).text : '';
    throw new HttpError(400, code, `Replace ${findPlaceholders(text).join(', ')} in the text with what should be said: placeholders are never spoken`);
  }
  throw new HttpError(400, code, messages[code] ?? 'The request is not valid');
}

const messages: Record<string, string> = {
  [greetingErrorCodes.textMissing]: 'Give the text to speak, once, in the text parameter',
  [greetingErrorCodes.textEmpty]: 'The text to speak is empty',
  [greetingErrorCodes.textTooLong]: 'The text to speak is longer than 1000 characters',
  [greetingErrorCodes.voiceMissing]: 'Choose one voice with the voice parameter',
  [greetingErrorCodes.voiceUnknown]: `Unknown voice; choose one of ${voiceNames.join(', ')}`,
  [greetingErrorCodes.languageUnknown]: `Unknown language; choose one of ${greetingLanguages.join(', ')}`,
};

function parseVoice(value: string): VoiceName {
  const voice = voiceNames.find((name) => name === value.toLowerCase());
  if (!voice) throw new HttpError(404, greetingErrorCodes.voiceUnknown, messages[greetingErrorCodes.voiceUnknown] ?? 'Unknown voice');
  return voice;
}

function parseLanguage(value: string | undefined): (typeof greetingLanguages)[number] | undefined {
  if (value === undefined) return undefined;
  const lang = greetingLanguages.find((known) => known === value);
  if (!lang) throw new HttpError(400, greetingErrorCodes.languageUnknown, messages[greetingErrorCodes.languageUnknown] ?? 'Unknown language');
  return lang;
}

function notFound(): HttpError {
  return new HttpError(404, greetingErrorCodes.notFound, 'No greeting at this address');
}

/** The client the cost budget charges: its address (behind TRUSTED_PROXIES, the forwarded one). */
function askerOf(request: FastifyRequest): Asker {
  return { client: request.ip };
}

/** Runs engine work and turns its failures into the API's errors (400/429 over budget, 503 busy, 502 failed). */
async function speak<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CostRefusal) {
      reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
    if (error instanceof HttpError) throw error;
    if (error instanceof SynthesisBusyError) {
      request.log.warn({ err: error }, 'greeting engine busy');
      throw new HttpError(503, greetingErrorCodes.busy, 'The greeting builder is busy, try again in a moment');
    }
    request.log.error({ err: error }, 'greeting synthesis failed');
    throw new HttpError(502, greetingErrorCodes.synthesisFailed, 'The greeting could not be made');
  }
}

interface SendOptions {
  etag: string;
  filename?: string;
  download?: boolean;
  cacheControl?: string;
}

/** A complete file: cacheable, with ETag revalidation and byte ranges (Safari plays audio by ranges). */
function sendBytes(request: FastifyRequest, reply: FastifyReply, body: Buffer, contentType: string, options: SendOptions): FastifyReply {
  reply
    .header('content-type', contentType)
    .header('cache-control', options.cacheControl ?? YEAR)
    .header('etag', options.etag)
    .header('accept-ranges', 'bytes');
  if (options.download && options.filename) reply.header('content-disposition', `attachment; filename="${options.filename}"`);
  if (request.headers['if-none-match'] === options.etag) return reply.status(304).send();
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  if (range) {
    const [, startText = '', endText = ''] = range;
    let start = startText === '' ? body.length - Number(endText) : Number(startText);
    let end = startText === '' || endText === '' ? body.length - 1 : Number(endText);
    start = Math.max(0, start);
    end = Math.min(end, body.length - 1);
    if (start > end || start >= body.length) {
      return reply.status(416).header('content-range', `bytes */${body.length}`).send();
    }
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${body.length}`)
      .header('content-length', end - start + 1)
      .send(body.subarray(start, end + 1));
  }
  return reply.header('content-length', body.length).send(body);
}

// Encapsulated: its hooks, parsers and handlers stay inside; named with what it needs from the app.
export default fp(greetingsPlugin, { name: 'greetings', fastify: '5.x', encapsulate: true, dependencies: ['env', 'clock', 'hit-counter', 'rate-limit', 'error-handler'] });
