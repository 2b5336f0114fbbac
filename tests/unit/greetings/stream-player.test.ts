import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { fetchGreeting } from '../../../src/features/voice-generator/generator.actors';
import { streamInto } from '../../../src/features/voice-generator/stream-player';
import { loadPublicConfig } from '../../../src/platform/public-config';
import { testPublicConfig } from '../../helpers/public-config';

/** A fetch that never answers and keeps the signal it was given. */
function hangingFetch(): { fetch: typeof fetch; signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  const fetchMock = vi.fn((_url: unknown, init?: RequestInit) => {
    if (init?.signal) signals.push(init.signal);
    return new Promise<Response>(() => undefined);
  });
  return { fetch: fetchMock as unknown as typeof fetch, signals };
}

/** The Media Source the browser has, as far as the player uses it: it opens when given to an element. */
class FakeMediaSource extends EventTarget {
  static isTypeSupported = () => true;
  readyState = 'open';
  addSourceBuffer = () => new EventTarget();
  endOfStream = () => undefined;
}

describe('a greeting replaced by the next one lets go of its requests (#40.4)', () => {
  beforeAll(async () => {
    await loadPublicConfig((async () => new Response(JSON.stringify(testPublicConfig({ greetingsUrl: 'https://voice.test/greetings' })))) as typeof fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("aborts the greeting request when the chart's actor is stopped", async () => {
    const hanging = hangingFetch();
    vi.stubGlobal('fetch', hanging.fetch);
    const actor = createActor(fetchGreeting, { input: { text: 'Hi there', voice: 'aria', lang: 'en' } });
    actor.subscribe({ error: () => undefined });
    actor.start();
    await vi.waitFor(() => expect(hanging.signals).toHaveLength(1));
    expect(hanging.signals[0]?.aborted).toBe(false);
    actor.stop();
    expect(hanging.signals[0]?.aborted).toBe(true);
  });

  it("drops the old greeting's audio stream when its player is stopped", async () => {
    const hanging = hangingFetch();
    vi.stubGlobal('fetch', hanging.fetch);
    vi.stubGlobal('MediaSource', FakeMediaSource);
    let source: FakeMediaSource | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((made) => ((source = made as unknown as FakeMediaSource), 'blob:greeting'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const audio = Object.assign(new EventTarget(), { src: '' }) as unknown as HTMLAudioElement;
    const stop = streamInto(audio, 'https://voice.test/greetings/audio/abc.mp3');
    expect(audio.src).toBe('blob:greeting');
    source?.dispatchEvent(new Event('sourceopen'));
    await vi.waitFor(() => expect(hanging.signals).toHaveLength(1));
    stop();
    expect(hanging.signals[0]?.aborted).toBe(true);
    // Stopped, it does not fall back to the address (which would fetch the old greeting again).
    audio.dispatchEvent(new Event('error'));
    expect(audio.src).toBe('blob:greeting');
  });
});
