import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { loadPublicConfig } from '../../../src/platform/public-config';
import { GreetingFetchError, greetingFetchErrorMessage } from '../../../core/contracts/greetings';
import { fetchGreeting, proveGreeting } from '../../../src/features/voice-generator/generator.actors';
import { ProofOfWorkError } from '../../../src/lib/proof-of-work/challenge';
import { testPublicConfig } from '../../helpers/public-config';

const config = testPublicConfig({ greetingsUrl: 'https://voice.test/greetings' });

const greeting = {
  url: '/greetings/audio/abc.mp3?text=Hi&voice=aria&lang=en',
  voice: 'aria',
  lang: 'en',
  duration: null,
  status: 'rendering',
  formats: [
    { format: 'mp3', contentType: 'audio/mpeg', url: '/greetings/audio/abc.mp3?download=1', use: 'web' },
    { format: 'wav', contentType: 'audio/wav', url: '/greetings/audio/abc.wav', use: 'phone' },
  ],
};

const run = (input = { text: 'Hi there', voice: 'aria' as const, lang: 'en' as const }) => toPromise(createActor(fetchGreeting, { input }).start());

describe('the page\u2019s greeting request actor', () => {
  beforeAll(async () => {
    await loadPublicConfig((async () => new Response(JSON.stringify(config))) as typeof fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the configured greeting builder and makes its addresses absolute', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(greeting), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await run();
    const called = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]));
    expect(called.origin + called.pathname).toBe('https://voice.test/greetings');
    expect(Object.fromEntries(called.searchParams)).toEqual({ text: 'Hi there', voice: 'aria', lang: 'en' });
    expect(result.url).toBe('https://voice.test/greetings/audio/abc.mp3?text=Hi&voice=aria&lang=en');
    expect(result.formats.map((format) => format.url)).toEqual(['https://voice.test/greetings/audio/abc.mp3?download=1', 'https://voice.test/greetings/audio/abc.wav']);
  });

  it.each([
    ['an error status', async () => new Response(JSON.stringify({ code: 'GREETING_SYNTHESIS_FAILED', message: 'x' }), { status: 502 })],
    ['a network failure', async () => Promise.reject(new TypeError('fetch failed'))],
    ['an answer that is not a greeting', async () => new Response('{"hello":1}')],
    ['an answer that is not JSON', async () => new Response('<html>')],
  ])('fails with "Failed to fetch greeting message" on %s', async (_name, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    await expect(run()).rejects.toThrow(greetingFetchErrorMessage);
  });

  it.each([
    [429, 'GREETING_HOURLY_BUDGET_SPENT', '1800', 'hourlyBudgetSpent', 1800],
    [429, 'GREETING_CLIENT_BUSY', '7', 'clientBusy', 7],
    [429, 'RATE_LIMITED', null, 'rateLimited', null],
    [503, 'GREETING_BUSY', '4', 'busy', 4],
    [429, 'GREETING_CAPACITY_REACHED', '3', 'busy', 3],
    [400, 'GREETING_SPOKEN_TOO_LONG', null, 'spokenTooLong', null],
    [502, 'GREETING_SYNTHESIS_FAILED', null, 'failed', null],
  ] as const)('says why a %i %s was refused, and how long to wait', async (status, code, retryAfter, failure, seconds) => {
    const headers: Record<string, string> = retryAfter === null ? {} : { 'retry-after': retryAfter };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code, message: 'x' }), { status, headers })));
    const error: unknown = await run().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GreetingFetchError);
    expect(error).toMatchObject({ message: greetingFetchErrorMessage, failure, retryAfterSeconds: seconds });
  });
});

describe('the page’s proof-of-work actor (#34.2, #40.4)', () => {
  beforeAll(async () => {
    await loadPublicConfig((async () => new Response(JSON.stringify(config))) as typeof fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  const price = (required: boolean) => async () => new Response(JSON.stringify({ required, maxNumber: 20_000, challenge: { parameters: { bogus: true }, signature: 'x' } }));
  const prove = (asked: boolean) => toPromise(createActor(proveGreeting, { input: { text: 'Call us back.', voice: 'aria', lang: 'en', asked } }).start());

  it('solves nothing when the builder takes the greeting without a proof now (null)', async () => {
    const fetchMock = vi.fn(price(false));
    vi.stubGlobal('fetch', fetchMock);
    expect(await prove(false)).toBeNull();
    const called = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]));
    expect(called.pathname).toBe('/greetings/work');
  });

  it.each([
    ['the price says one is required', false, true],
    ['the builder asked for one', true, false],
  ])('solves the challenge when %s', async (_name, asked, required) => {
    vi.stubGlobal('fetch', vi.fn(price(required)));
    // The challenge here is not a real one: the solver refusing it shows it was asked to solve.
    await expect(prove(asked)).rejects.toBeInstanceOf(ProofOfWorkError);
  });
});
