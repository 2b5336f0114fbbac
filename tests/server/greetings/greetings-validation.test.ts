import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greetingErrorCodes, greetingSchema, spokenTextSchema } from '../../../core/contracts/greetings';
import { buildTestApp } from '../../helpers/app';

function url(params: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const one of [value].flat()) search.append(key, one);
  return `/greetings?${search.toString()}`;
}

describe('GET /greetings rejects every bad input with a stable code', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ env: { GREETINGS_THREADS: '1', GREETINGS_RATE_LIMIT: '1000' } });
  });
  afterAll(() => app.close());

  const cases: Array<[string, string, string]> = [
    ['no text', url({ voice: 'aria' }), greetingErrorCodes.textMissing],
    ['empty text', url({ text: '', voice: 'aria' }), greetingErrorCodes.textEmpty],
    ['blank text', url({ text: '   \n\t ', voice: 'aria' }), greetingErrorCodes.textEmpty],
    ['nothing to say', url({ text: '?!… 🙂', voice: 'aria' }), greetingErrorCodes.textEmpty],
    ['text over 1,000 characters', url({ text: 'a'.repeat(1001), voice: 'aria' }), greetingErrorCodes.textTooLong],
    ['text given twice', url({ text: ['one', 'two'], voice: 'aria' }), greetingErrorCodes.textMissing],
    ['no voice', url({ text: 'Hello' }), greetingErrorCodes.voiceMissing],
    ['unknown voice', url({ text: 'Hello', voice: 'bob' }), greetingErrorCodes.voiceUnknown],
    ['empty voice', url({ text: 'Hello', voice: '' }), greetingErrorCodes.voiceUnknown],
    ['unknown language', url({ text: 'Hello', voice: 'aria', lang: 'de' }), greetingErrorCodes.languageUnknown],
    ['an unfilled template placeholder', url({ text: 'Thanks for calling {company}.', voice: 'aria' }), greetingErrorCodes.textHasPlaceholders],
    ['a French script with a placeholder', url({ text: 'Merci d’avoir appelé { company }.', voice: 'aria', lang: 'fr' }), greetingErrorCodes.textHasPlaceholders],
    ['a placeholder typed by hand', url({ text: 'This is {Your Name}, call me back.', voice: 'aria' }), greetingErrorCodes.textHasPlaceholders],
  ];

  it.each(cases)('%s → 400', async (_name, address, code) => {
    const response = await app.inject({ method: 'GET', url: address });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code, message: expect.any(String) });
  });

  it('names the placeholders left in its message, and takes braces that are not one', async () => {
    const response = await app.inject({ method: 'GET', url: url({ text: 'Hi, {company} here; call {emergency}.', voice: 'aria' }) });
    expect(response.json()).toEqual({ code: greetingErrorCodes.textHasPlaceholders, message: expect.stringContaining('{company}, {emergency}') });
    expect((await app.inject({ method: 'GET', url: url({ text: 'Smile :-} and {', voice: 'aria' }) })).statusCode).toBe(200);
  });

  it('accepts exactly 1,000 characters after trimming', async () => {
    const text = `  ${'Call us back. '.repeat(72).slice(0, 1000)}  `;
    const response = await app.inject({ method: 'GET', url: url({ text, voice: 'liam' }) });
    expect(response.statusCode).toBe(200);
    expect(greetingSchema.parse(response.json()).voice).toBe('liam');
  });

  it('answers 404 for audio addresses that do not match their recipe', async () => {
    const greeting = greetingSchema.parse((await app.inject({ method: 'GET', url: url({ text: 'Hello there.', voice: 'eric' }) })).json());
    const forged = greeting.url.replace('Hello', 'Goodbye');
    const wrongId = greeting.url.replace(/audio\/[\w-]{32}/, `audio/${'x'.repeat(32)}`);
    for (const address of [forged, wrongId, '/greetings/audio/nothing.mp3?text=a&voice=eric', greeting.url.replace('.mp3', '.ogg')]) {
      const response = await app.inject({ method: 'GET', url: address });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: greetingErrorCodes.notFound });
    }
    const badQuery = await app.inject({ method: 'GET', url: greeting.url.replace('voice=eric', 'voice=nobody') });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json()).toMatchObject({ code: greetingErrorCodes.voiceUnknown });
  });

  it('answers 404 for unknown voices and 400 for unknown languages on samples and avatars', async () => {
    expect((await app.inject({ method: 'GET', url: '/greetings/voices/nobody/sample.mp3' })).json()).toMatchObject({ code: greetingErrorCodes.voiceUnknown });
    expect((await app.inject({ method: 'GET', url: '/greetings/voices/nobody/avatar.svg' })).statusCode).toBe(404);
    const badLang = await app.inject({ method: 'GET', url: '/greetings/voices/aria/sample.mp3?lang=xx' });
    expect(badLang.statusCode).toBe(400);
    expect(badLang.json()).toMatchObject({ code: greetingErrorCodes.languageUnknown });
    expect((await app.inject({ method: 'GET', url: '/greetings/voices?lang=xx' })).statusCode).toBe(400);
  });
});

describe('GET /greetings/spoken-text shows what will be said', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ env: { GREETINGS_RATE_LIMIT: '1000' } });
  });
  afterAll(() => app.close());

  const spoken = (params: Record<string, string>) => app.inject({ method: 'GET', url: `/greetings/spoken-text?${new URLSearchParams(params).toString()}` });

  it('answers the normalised script in the language asked or guessed', async () => {
    const english = await spoken({ text: 'Open Mon–Fri 8am–5:30pm. Call 1-800-FLOWERS.', voice: 'aria' });
    expect(english.statusCode).toBe(200);
    expect(spokenTextSchema.parse(english.json())).toEqual({
      lang: 'en',
      text: 'Open Mon–Fri 8am–5:30pm. Call 1-800-FLOWERS.',
      spoken: 'Open Monday to Friday, eight a.m. to five thirty p.m. Call one eight hundred, Flowers.',
      spokenCharacters: 86,
      maxSpokenCharacters: 2500,
    });
    const french = await spoken({ text: 'Bonjour, nous sommes ouverts de 8h à 18h.' });
    expect(french.json()).toMatchObject({ lang: 'fr', spoken: 'Bonjour, nous sommes ouverts de huit heures à dix-huit heures.' });
  });

  it('validates like a greeting: stable codes for bad text, voice, language and placeholders', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, greetingErrorCodes.textMissing],
      [{ text: ' ' }, greetingErrorCodes.textEmpty],
      [{ text: 'x'.repeat(1001) }, greetingErrorCodes.textTooLong],
      [{ text: 'Hi', voice: 'nobody' }, greetingErrorCodes.voiceUnknown],
      [{ text: 'Hi', lang: 'de' }, greetingErrorCodes.languageUnknown],
      [{ text: 'Hi {name}' }, greetingErrorCodes.textHasPlaceholders],
    ];
    for (const [params, code] of cases) {
      const response = await spoken(params);
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
      expect(response.json()).toMatchObject({ code });
    }
  });
});

describe('GET /greetings is rate limited per client address', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ env: { GREETINGS_RATE_LIMIT: '3' } });
  });
  afterAll(() => app.close());

  it('answers 429 RATE_LIMITED past the limit, counting each address on its own', async () => {
    // Invalid requests count too: the limit is checked before anything else.
    const from = (ip: string) => app.inject({ method: 'GET', url: url({ text: 'Hi', voice: 'nobody' }), remoteAddress: ip });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await from('203.0.113.7')).statusCode).toBe(400);
    const limited = await from('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await from('203.0.113.8')).statusCode).toBe(400);
  });
});
