import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greetingSchema, voiceListSchema, voiceNames } from '../../../core/contracts/greetings';
import { buildTestApp } from '../../helpers/app';

const script = "Hi, you've reached Summit Builders. We're on a job site right now. Leave your name and number at 555-123-4567 and we'll call you back today.";

function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

/** An MPEG audio frame starts with 11 set sync bits. */
function startsWithMp3Frame(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0;
}

describe('GET /greetings with the offline engine', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ env: { GREETINGS_THREADS: '1' } });
  });
  afterAll(() => app.close());

  it('answers where the audio is, then serves a playable MP3 and a phone WAV', async () => {
    const response = await app.inject({ method: 'GET', url: `/greetings?${query({ text: script, voice: 'aria' })}` });
    expect(response.statusCode).toBe(200);
    const greeting = greetingSchema.parse(response.json());
    expect(greeting).toMatchObject({ voice: 'aria', lang: 'en' });
    expect(greeting.url).toMatch(/^\/greetings\/audio\/[\w-]{32}\.mp3\?/);

    const audio = await app.inject({ method: 'GET', url: greeting.url });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(startsWithMp3Frame(audio.rawPayload)).toBe(true);
    // 16 kHz mono at 32 kbit/s is 4 kB a second: a greeting of some seconds, not a blip.
    expect(audio.rawPayload.length).toBeGreaterThan(4000 * 5);

    const wavFormat = greeting.formats.find((format) => format.format === 'wav');
    const wav = await app.inject({ method: 'GET', url: wavFormat?.url ?? '' });
    expect(wav.statusCode).toBe(200);
    expect(wav.headers['content-type']).toBe('audio/wav');
    expect(wav.headers['content-disposition']).toBe('attachment; filename="greeting-aria.wav"');
    const header = wav.rawPayload;
    expect(header.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(header.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(header.readUInt16LE(20)).toBe(7); // G.711 µ-law
    expect(header.readUInt16LE(22)).toBe(1); // mono
    expect(header.readUInt32LE(24)).toBe(8000); // 8 kHz
  });

  it('serves a repeated greeting from the cache, complete and cacheable', async () => {
    const first = greetingSchema.parse((await app.inject({ method: 'GET', url: `/greetings?${query({ text: 'Thanks for calling.', voice: 'bill' })}` })).json());
    const firstAudio = await app.inject({ method: 'GET', url: first.url });
    const second = greetingSchema.parse((await app.inject({ method: 'GET', url: `/greetings?${query({ text: '  Thanks for calling.  ', voice: 'BILL' })}` })).json());
    expect(second.url).toBe(first.url);
    expect(second.status).toBe('ready');
    expect(second.duration).toBeGreaterThan(0.5);
    const cached = await app.inject({ method: 'GET', url: second.url });
    expect(cached.rawPayload.equals(firstAudio.rawPayload)).toBe(true);
    expect(cached.headers['content-length']).toBe(String(cached.rawPayload.length));
    expect(cached.headers['cache-control']).toContain('immutable');

    const range = await app.inject({ method: 'GET', url: second.url, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-99/${cached.rawPayload.length}`);
    expect(range.rawPayload.length).toBe(100);

    const revalidated = await app.inject({ method: 'GET', url: second.url, headers: { 'if-none-match': String(cached.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('answers as soon as the first audio exists and streams the rest; a byte-range probe waits for the whole file', async () => {
    const long = `Thanks for calling Summit Builders. ${'We build decks, kitchens and additions, and we answer every message within a day. '.repeat(9)}Goodbye.`;
    const greeting = greetingSchema.parse((await app.inject({ method: 'GET', url: `/greetings?${query({ text: long, voice: 'chris' })}` })).json());
    expect(greeting.status).toBe('rendering');
    expect(greeting.duration).toBeNull();
    const [probe, streamed] = await Promise.all([
      app.inject({ method: 'GET', url: greeting.url, headers: { range: 'bytes=0-1' } }),
      app.inject({ method: 'GET', url: greeting.url }),
    ]);
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['x-greeting-status']).toBe('rendering');
    expect(streamed.headers['content-length']).toBeUndefined();
    expect(probe.statusCode).toBe(206);
    expect(probe.headers['content-range']).toBe(`bytes 0-1/${streamed.rawPayload.length}`);
    const whole = await app.inject({ method: 'GET', url: greeting.url });
    expect(whole.headers['content-length']).toBe(String(streamed.rawPayload.length));
    expect(whole.rawPayload.equals(streamed.rawPayload)).toBe(true);
  });

  it('speaks French scripts with the French engine', async () => {
    const response = await app.inject({ method: 'GET', url: `/greetings?${query({ text: 'Bonjour, vous êtes bien chez Rénovations Sommet. Laissez-nous un message.', voice: 'charlotte' })}` });
    expect(response.statusCode).toBe(200);
    expect(greetingSchema.parse(response.json()).lang).toBe('fr');
  });

  it('lists the 17 voices with their samples and avatars', async () => {
    const list = voiceListSchema.parse((await app.inject({ method: 'GET', url: '/greetings/voices?lang=fr' })).json());
    expect(list.voices.map((voice) => voice.name).sort()).toEqual([...voiceNames].sort());
    expect(list.voices[0]?.label).toMatch(/^[A-Z]/);

    const avatar = await app.inject({ method: 'GET', url: list.voices[0]?.avatarUrl ?? '' });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
    expect(avatar.headers['cache-control']).toContain('max-age=31536000');
    expect(avatar.body).toContain('<title');
  });

  it('makes a voice sample once and serves it with long cache headers', async () => {
    const first = await app.inject({ method: 'GET', url: '/greetings/voices/george/sample.mp3?lang=en' });
    expect(first.statusCode).toBe(200);
    expect(startsWithMp3Frame(first.rawPayload)).toBe(true);
    expect(first.headers['cache-control']).toMatch(/max-age=\d{6,}/);
    const started = performance.now();
    const second = await app.inject({ method: 'GET', url: '/greetings/voices/george/sample.mp3?lang=en' });
    expect(performance.now() - started).toBeLessThan(100);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('gives every avatar its own drawing', async () => {
    const drawings = await Promise.all(voiceNames.map(async (voice) => (await app.inject({ method: 'GET', url: `/greetings/voices/${voice}/avatar.svg` })).body));
    expect(new Set(drawings).size).toBe(voiceNames.length);
  });
});
