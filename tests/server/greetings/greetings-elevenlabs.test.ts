import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { greetingErrorCodes, greetingSchema } from '../../../core/contracts/greetings';
import { buildTestApp } from '../../helpers/app';

/**
 * A local stand-in for the ElevenLabs API that speaks its wire format: `POST
 * /v1/text-to-speech/{voice_id}/stream?output_format=…` with an `xi-api-key` header and a JSON body,
 * answering chunked audio, or `{ detail: { status, message } }` errors.
 */
interface Call {
  voiceId: string;
  outputFormat: string | null;
  apiKey: string | undefined;
  body: { text?: string; model_id?: string };
}

const fakeMp3Frame = Buffer.from([0xff, 0xf3, 0x44, 0xc4, ...Array.from({ length: 92 }, (_, index) => index % 256)]);
const fakeMuLaw = Buffer.alloc(8000, 0xff); // one second of µ-law silence

describe('the greeting builder on ElevenLabs (offline stand-in)', () => {
  let standIn: Server;
  let app: FastifyInstance;
  const calls: Call[] = [];
  let failWith: { status: number; detail: { status: string; message: string } } | null = null;

  beforeAll(async () => {
    standIn = createServer(async (request: IncomingMessage, response) => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const match = /^\/v1\/text-to-speech\/([^/]+)\/stream$/.exec(url.pathname);
      let raw = '';
      for await (const chunk of request) raw += String(chunk);
      if (request.method !== 'POST' || !match) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: { status: 'not_found', message: 'no route' } }));
        return;
      }
      const call: Call = { voiceId: decodeURIComponent(match[1] ?? ''), outputFormat: url.searchParams.get('output_format'), apiKey: request.headers['xi-api-key'] as string | undefined, body: JSON.parse(raw) as Call['body'] };
      calls.push(call);
      if (call.apiKey !== 'test-eleven-key') {
        response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: { status: 'invalid_api_key', message: 'Invalid API key' } }));
        return;
      }
      if (failWith) {
        response.writeHead(failWith.status, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: failWith.detail }));
        return;
      }
      if (call.outputFormat === 'ulaw_8000') {
        response.writeHead(200, { 'content-type': 'audio/basic' }).end(fakeMuLaw);
        return;
      }
      // Streamed in pieces, like the real endpoint.
      response.writeHead(200, { 'content-type': 'audio/mpeg', 'transfer-encoding': 'chunked' });
      for (let frame = 0; frame < 40; frame += 1) response.write(fakeMp3Frame);
      response.end();
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    const { port } = standIn.address() as AddressInfo;
    app = await buildTestApp({ env: { ELEVENLABS_API_KEY: 'test-eleven-key', ELEVENLABS_API_URL: `http://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => standIn.close(resolve));
  });
  beforeEach(() => {
    calls.length = 0;
    failWith = null;
  });

  it('asks for the premade voice of the same name and streams its MP3 back', async () => {
    const response = await app.inject({ method: 'GET', url: `/greetings?${new URLSearchParams({ text: 'Open Mon–Fri 8am–5pm. Call 555-123-4567.', voice: 'aria' })}` });
    expect(response.statusCode).toBe(200);
    const greeting = greetingSchema.parse(response.json());
    const audio = await app.inject({ method: 'GET', url: greeting.url });
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.equals(Buffer.concat(Array.from({ length: 40 }, () => fakeMp3Frame)))).toBe(true);

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ voiceId: '9BWtsMINqrJLrRacOk9x', outputFormat: 'mp3_22050_32', apiKey: 'test-eleven-key' });
    expect(calls[0]?.body.model_id).toBe('eleven_multilingual_v2');
    // The script is normalised for speech before it is sent.
    expect(calls[0]?.body.text).toBe('Open Monday to Friday, eight a.m. to five p.m. Call five five five, one two three, four five six seven.');
  });

  it('maps every voice name to a distinct premade voice id', async () => {
    for (const voice of ['bill', 'george', 'matilda'] as const) {
      await app.inject({ method: 'GET', url: `/greetings?${new URLSearchParams({ text: `Hello from ${voice}.`, voice })}` });
    }
    expect(calls.map((call) => call.voiceId)).toEqual(['pqHfZKP75CvOlQylNhV4', 'JBFqnCBsd6RMkjVDRZzb', 'XrExE9yKIg1WjnnlVkGX']);
  });

  it('makes the phone WAV from its 8 kHz µ-law output', async () => {
    const greeting = greetingSchema.parse((await app.inject({ method: 'GET', url: `/greetings?${new URLSearchParams({ text: 'Phone system greeting.', voice: 'laura' })}` })).json());
    const wav = await app.inject({ method: 'GET', url: greeting.formats.find((format) => format.format === 'wav')?.url ?? '' });
    expect(wav.statusCode).toBe(200);
    expect(calls.map((call) => call.outputFormat)).toEqual(['mp3_22050_32', 'ulaw_8000']);
    expect(wav.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(wav.rawPayload.readUInt16LE(20)).toBe(7);
    expect(wav.rawPayload.readUInt32LE(24)).toBe(8000);
    expect(wav.rawPayload.subarray(wav.rawPayload.length - 8000).equals(fakeMuLaw)).toBe(true);
  });

  it('answers 502 when ElevenLabs fails, and 503 when it rate-limits', async () => {
    failWith = { status: 500, detail: { status: 'internal_error', message: 'boom' } };
    const failed = await app.inject({ method: 'GET', url: `/greetings?${new URLSearchParams({ text: 'This one fails.', voice: 'will' })}` });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ code: greetingErrorCodes.synthesisFailed, message: expect.any(String) });
    expect(failed.body).not.toContain('boom');

    failWith = { status: 429, detail: { status: 'too_many_concurrent_requests', message: 'slow down' } };
    const busy = await app.inject({ method: 'GET', url: `/greetings?${new URLSearchParams({ text: 'This one is throttled.', voice: 'will' })}` });
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({ code: greetingErrorCodes.busy });

    // A failure is not cached: the same greeting works once the service is back.
    failWith = null;
    const retried = await app.inject({ method: 'GET', url: `/greetings?${new URLSearchParams({ text: 'This one fails.', voice: 'will' })}` });
    expect(retried.statusCode).toBe(200);
  });
});

describe('the greeting builder with a wrong ElevenLabs key', () => {
  it('answers 502 without leaking the upstream error', async () => {
    const standIn = createServer((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: { status: 'invalid_api_key', message: 'Invalid API key' } }));
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    const { port } = standIn.address() as AddressInfo;
    const app = await buildTestApp({ env: { ELEVENLABS_API_KEY: 'wrong', ELEVENLABS_API_URL: `http://127.0.0.1:${port}` } });
    try {
      const response = await app.inject({ method: 'GET', url: '/greetings?text=Hello&voice=sarah' });
      expect(response.statusCode).toBe(502);
      expect(response.body).not.toContain('invalid_api_key');
    } finally {
      await app.close();
      await new Promise((resolve) => standIn.close(resolve));
    }
  });
});
