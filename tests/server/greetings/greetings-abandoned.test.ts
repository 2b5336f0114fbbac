import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { greetingErrorCodes, greetingSchema } from '../../../core/contracts/greetings';
import type { DatabaseHandle } from '../../../server/db/client';
import { LocalSynthesizer } from '../../../server/greetings/local-synthesizer';
import { normalizeForSpeech } from '../../../server/greetings/normalize';
import { splitForStreaming } from '../../../server/greetings/sentences';
import type { Mp3Sink, SynthesisRequest, Synthesizer } from '../../../server/greetings/synthesizer';
import { manualClock } from '../../helpers/app';
import { createTestDatabase } from '../../helpers/database';
import { greetingInstance } from './held-engine';

/** The offline engine, with what each greeting wrote and how it ended. */
class WatchedEngine implements Synthesizer {
  readonly engine = new LocalSynthesizer({ threads: 1 });
  readonly id = this.engine.id;
  readonly made: { writes: number; outcome?: 'done' | 'failed' }[] = [];

  synthesize(request: SynthesisRequest, sink: Mp3Sink, signal?: AbortSignal) {
    const record: (typeof this.made)[number] = { writes: 0 };
    this.made.push(record);
    const counted: Mp3Sink = { write: (bytes) => ((record.writes += 1), sink.write(bytes)), end: (seconds) => sink.end(seconds) };
    return this.engine.synthesize(request, counted, signal).then(
      (result) => ((record.outcome = 'done'), result),
      (error: unknown) => {
        record.outcome = 'failed';
        throw error;
      },
    );
  }

  phoneWav = () => this.engine.phoneWav();
  warm = () => this.engine.warm();
  close = () => this.engine.close();
}

const sentence = (index: number) => `Thanks for calling Summit Builders number ${index}, we are on a job site right now and cannot pick up the phone, so please leave your name, your number and a short description of your project after the tone.`;
const LONG = Array.from({ length: 4 }, (_, index) => sentence(index + 1)).join(' ');
const VISITOR = '198.51.100.9';

describe('a greeting nobody listens to any more (#40.4)', () => {
  let database: DatabaseHandle;
  const watched = new WatchedEngine();
  let base = '';
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The hour holds this greeting once, not twice: asking it again must be refused if it was charged.
    const perHour = Math.round(normalizeForSpeech(LONG, 'en').length * 1.5);
    const { app } = await greetingInstance({ database, clock: manualClock(), synthesizer: watched, env: { GREETINGS_CLIENT_CHARACTERS_PER_HOUR: String(perHour), GREETINGS_THREADS: '1' } });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    close = () => app.close();
  });
  afterAll(async () => {
    await close();
    await database.close();
  });

  const ask = (text: string, client: string) => fetch(`${base}/greetings?${new URLSearchParams({ text, voice: 'aria', lang: 'en' })}`, { headers: { 'x-forwarded-for': client } });

  it('stops its synthesis when its listener leaves, frees the thread, caches nothing and keeps it charged', async () => {
    const pieces = splitForStreaming(normalizeForSpeech(LONG, 'en')).length;
    expect(pieces).toBeGreaterThan(4);
    const greeting = greetingSchema.parse(await (await ask(LONG, VISITOR)).json());
    expect(greeting.status).toBe('rendering');

    // The page's player: the first bytes, then another greeting is asked and it lets go.
    const player = new AbortController();
    const audio = await fetch(`${base}${greeting.url}`, { signal: player.signal });
    const reader = audio.body!.getReader();
    expect((await reader.read()).value?.length).toBeGreaterThan(0);
    player.abort();

    // The thread lets go of it after the piece it was speaking: the rest is never made.
    await vi.waitFor(() => expect(watched.engine.tasks).toBe(0), { timeout: 20_000, interval: 20 });
    const [abandoned] = watched.made;
    expect(abandoned?.outcome).toBe('failed');
    expect(abandoned?.writes).toBeLessThan(pieces);

    // Not cached (a cut greeting would be served as whole) and still charged to the hour: asked
    // again it is a new synthesis, which the hour no longer holds.
    const again = await ask(LONG, VISITOR);
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ code: greetingErrorCodes.hourlyBudgetSpent });

    // The freed thread makes the next visitor's greeting whole.
    const next = greetingSchema.parse(await (await ask('Hi, you have reached Oak Ridge Roofing.', '198.51.100.10')).json());
    const whole = await fetch(`${base}${next.url}`);
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    await vi.waitFor(() => expect(watched.made.at(-1)?.outcome).toBe('done'), { timeout: 20_000, interval: 20 });
  });
});
