import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GreetingCostBudget } from './cost-budget';
import { ElevenLabsSynthesizer } from './elevenlabs';
import greetingsRoutes from './greetings-routes';
import { defaultSpeechThreads, LocalSynthesizer } from './local-synthesizer';
import { prerenderedSamples } from './prerendered-samples';
import { GreetingService } from './service';
import type { Synthesizer } from './synthesizer';

export interface GreetingsPluginOptions {
  /** Replaces the engine chosen from the environment (tests). */
  synthesizer?: Synthesizer;
}

/** The greeting builder: its engine, cost budget and cache (one service), and its routes (./greetings-routes.ts). */
async function greetingsPlugin(app: FastifyInstance, options: GreetingsPluginOptions = {}): Promise<void> {
  const { service, budget } = greetingService(app, options);
  app.addHook('onClose', async () => service.close());
  // No warm-up when the server starts: speech threads start when the generator page asks for its
  // first proof of work or greeting and end after a quiet minute (local-synthesizer.ts), so an idle
  // server holds no speech engine in memory. Voice samples come prerendered from the build.
  await app.register(greetingsRoutes, { service, budget });
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
  // Proofs of work are the captcha's (server/captcha/), with the greeting's own scope (#34.2).
  const service = new GreetingService({
    synthesizer,
    cacheBytes: Math.round(env.GREETINGS_CACHE_MB * 1024 * 1024),
    budget,
    work: app.captcha,
    observe: { queueWait: (seconds) => app.metrics.greetingQueueWait.observe(seconds), synthesis: (seconds) => app.metrics.greetingSynthesis.observe(seconds) },
    // The samples the build rendered with this engine (ids name the engine: another one finds none).
    prerendered: prerenderedSamples(),
  });
  return { service, budget };
}

// Encapsulated: its hooks, parsers and handlers stay inside; named with what it needs from the app.
export default fp(greetingsPlugin, { name: 'greetings', fastify: '5.x', encapsulate: true, dependencies: ['env', 'clock', 'metrics', 'captcha', 'hit-counter', 'rate-limit', 'error-handler'] });
