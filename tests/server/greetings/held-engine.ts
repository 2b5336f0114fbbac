import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { parseEnv, type Env } from '../../../server/config/env';
import type { DatabaseHandle } from '../../../server/db/client';
import greetingsPlugin from '../../../server/greetings/plugin';
import type { Mp3Sink, SynthesisRequest, SynthesisResult, Synthesizer } from '../../../server/greetings/synthesizer';
import { installErrorHandler } from '../../../server/http/error-handler';
import { contractSerializerCompiler } from '../../../server/http/response-serializer';
import type { Clock } from '../../../server/http/clock';
import { DatabaseHitCounter } from '../../../server/rate-limits/hit-counter';

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
export async function greetingInstance(options: { database: DatabaseHandle; clock: Clock; env?: Partial<Record<keyof Env, string>> }): Promise<{ app: FastifyInstance; engine: HeldEngine }> {
  const engine = new HeldEngine();
  const app = Fastify({ trustProxy: ['127.0.0.1'] });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  app.decorate('env', parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', GREETINGS_THREADS: '2', ...options.env }));
  app.decorate('clock', options.clock);
  app.decorate('hitCounter', new DatabaseHitCounter(options.database.db, options.clock));
  installErrorHandler(app);
  await app.register(greetingsPlugin, { synthesizer: engine });
  await app.ready();
  return { app, engine };
}
