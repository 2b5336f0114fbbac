import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { greetingQuerySchema, greetingSchema, greetingWorkSchema, spokenTextQuerySchema, spokenTextSchema, voiceAvatarPath, voiceDisplayList, voiceListSchema, voiceSamplePath, type Greeting, type VoiceName } from '../../core/contracts/greetings';
import { drawAvatar } from './avatars';
import type { GreetingCostBudget } from './cost-budget';
import { askerOf, notFound, parseGreetingQuery, parseLanguage, parseQuery, parseVoice, speak } from './greeting-request';
import { detectLanguage } from './language';
import { normalizeForSpeech } from './normalize';
import { sampleScript } from './samples';
import { sendBytes, WEEK, YEAR } from './send-bytes';
import type { GreetingRecipe, GreetingService } from './service';

export interface GreetingsRoutesOptions {
  service: GreetingService;
  budget: GreetingCostBudget;
}

/** Loose query shapes: the routes check values themselves to answer the contract's stable codes. */
const queryValue = z.union([z.string(), z.array(z.string())]).optional();
const looseQuery = z.looseObject({ text: queryValue, voice: queryValue, lang: queryValue, download: queryValue, proof: queryValue });
const audioParams = z.object({ file: z.string() });
const voiceParams = z.object({ voice: z.string() });
const langQuery = z.looseObject({ lang: z.string().optional() });

/**
 * The greeting builder's routes (SPEC §2 voice generator, §7 "GET greeting-builder service"):
 * - `GET /greetings?text&voice[&lang]` → where the greeting's audio is, once its first bytes exist;
 * - `GET /greetings/spoken-text?text[&lang]` → the words the engine would be given, and their cost;
 * - `GET /greetings/audio/{id}.mp3|.wav?text&voice&lang` → the audio, streamed while it is made;
 * - `GET /greetings/voices[?lang]`, `…/voices/{voice}/sample.mp3`, `…/voices/{voice}/avatar.svg`.
 * Audio addresses carry their recipe, so any instance can make (or remake) what they point at.
 */
export default async function greetingsRoutes(scope: FastifyInstance, { service, budget }: GreetingsRoutesOptions): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const env = app.env;
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
      const opened = await speak(request, reply, () => service.open(recipe, { ...askerOf(request), proof: query.proof }));
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

  // The proof of work a new greeting of this script costs now (#34.2): asking writes nothing and
  // starts nothing; the challenge is bound to this greeting and spent once, by /greetings.
  app.get(
    '/greetings/work',
    {
      schema: { querystring: looseQuery, response: { 200: greetingWorkSchema } },
      config: { rateLimit: { max: perMinute * 6, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { proof: _ignored, ...query } = parseQuery(greetingQuerySchema, request.query);
      const { id, spokenCharacters } = service.spokenOf(service.recipe(query));
      budget.checkLength(spokenCharacters);
      // The page asks for its proof while the visitor writes, before 'Create your greeting': the
      // moment to have an engine ready, so the greeting does not wait for a thread to start (#40.4).
      service.prepare();
      const { maxNumber, required } = await budget.price(askerOf(request).client, spokenCharacters);
      const challenge = await service.issueWork(id, maxNumber);
      reply.header('cache-control', 'no-store');
      return { required, maxNumber, challenge: { parameters: { ...challenge.parameters }, signature: challenge.signature } };
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
    const { id, audio } = await speak(request, reply, () => service.finished(recipe, askerOf(request), { pin: true, exempt: true }));
    // Whoever listens to a voice is about to make a greeting with it: have an engine ready (#40.4).
    service.prepare();
    return sendBytes(request, reply, audio.mp3, 'audio/mpeg', { etag: `"${id}"`, cacheControl: WEEK });
  });

  app.get('/greetings/voices/:voice/avatar.svg', { schema: { params: voiceParams } }, async (request, reply) => {
    const voice = parseVoice(request.params.voice);
    return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', YEAR).send(drawAvatar(voice));
  });
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
    const audio = opened.status === 'ready' ? opened.audio : await speak(request, reply, () => opened.job.hold(opened.job.mp3Finished));
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

