import Fastify, { type FastifyInstance } from 'fastify';
import metricsPlugin from '../../../server/observability/plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { parseEnv, type Env } from '../../../server/config/env';
import type { DatabaseHandle } from '../../../server/db/client';
import captchaPlugin from '../../../server/captcha/plugin';
import greetingsPlugin from '../../../server/greetings/plugin';
import type { Mp3Sink, SynthesisRequest, SynthesisResult, Synthesizer } from '../../../server/greetings/synthesizer';
import envPlugin from '../../../server/config/plugin';
import databasePlugin from '../../../server/db/plugin';
import clockPlugin from '../../../server/http/clock-plugin';
import errorHandlerPlugin from '../../../server/http/error-handler';
import { contractSerializerCompiler } from '../../../server/http/response-serializer';
import type { Clock } from '../../../server/http/clock';
import { hitCounterPlugin, rateLimitPlugin } from '../../../server/rate-limits/plugin';

/**
 * A speech engine whose greetings start at once (first MP3 bytes) and finish only when the test
 * says so: "in flight" is then a state the test holds, not a race against a real engine's speed.
 */
export class HeldEngine implements Synthesizer {
  readonly id = 'held/1';
  readonly started: SynthesisRequest[] = [];
  private readonly waiting: (() => void)[] = [];

  synthesize(request: SynthesisRequest, sink: Mp3Sink): Promise<SynthesisResult> {
    this.started.push(request);
    sink.write(Uint8Array.from([0xff, 0xfb, 0x90, 0x00]));
    return new Promise((resolve) => {
      this.waiting.push(() => {
        sink.end(1);
        resolve({ durationSeconds: 1, phoneWav: Uint8Array.from([1, 2, 3]) });
      });
    });
  }

  /** Finishes every greeting being made. */
  finishAll(): void {
    for (const finish of this.waiting.splice(0)) finish();
  }

  get inFlight(): number {
    return this.waiting.length;
  }

  phoneWav(): Promise<Uint8Array> {
    return Promise.reject(new Error('made with the MP3'));
  }

  async warm(): Promise<void> {}

  async close(): Promise<void> {
    this.finishAll();
  }
}

/**
 * The greeting builder as the app mounts it (its plugin, the app's error handler and serializer),
 * with a held engine and the database hit counter, so two of these on one database are two
 * instances sharing their hourly counts.
 */
export async function greetingInstance(options: { database: DatabaseHandle; clock: Clock; env?: Partial<Record<keyof Env, string>>; synthesizer?: Synthesizer }): Promise<{ app: FastifyInstance; engine: HeldEngine }> {
  const engine = new HeldEngine();
  const app = Fastify({ trustProxy: ['127.0.0.1'] });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  // The infrastructure plugins greetings names (server/app.ts registers the same), counting in the database.
  await app.register(envPlugin, { env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', GREETINGS_THREADS: '2', RATE_LIMIT_STORE: 'database', ...options.env }) });
  await app.register(databasePlugin, { database: options.database });
  await app.register(clockPlugin, { clock: options.clock });
  await app.register(metricsPlugin);
  await app.register(hitCounterPlugin);
  await app.register(rateLimitPlugin);
  await app.register(errorHandlerPlugin);
  // The proof-of-work primitives greetings share with the captcha (#34.2); the captcha itself stays off.
  await app.register(captchaPlugin);
  await app.register(greetingsPlugin, { synthesizer: options.synthesizer ?? engine });
  await app.ready();
  return { app, engine };
}
