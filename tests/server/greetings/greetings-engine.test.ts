import { afterAll, describe, expect, it, vi } from 'vitest';
import { LocalSynthesizer } from '../../../server/greetings/local-synthesizer';
import { SynthesisFailedError } from '../../../server/greetings/synthesizer';

describe('the offline engine in its worker pool', () => {
  const synthesizer = new LocalSynthesizer({ threads: 1, timeoutMs: 20_000 });
  const impatient = new LocalSynthesizer({ threads: 1, timeoutMs: 5 });
  const quick = new LocalSynthesizer({ threads: 1, idleMs: 100 });
  afterAll(async () => {
    await Promise.all([synthesizer.close(), impatient.close(), quick.close()]);
  });

  it('starts its speech thread with the first greeting and ends it when idle', async () => {
    expect(quick.threadCount).toBe(0);
    const spoken = quick.synthesize({ text: 'Hello.', lang: 'en', voice: 'aria' }, { write: () => undefined, end: () => undefined });
    expect(quick.threadCount).toBe(1);
    await spoken;
    // Worker threads keep real time (a fake clock cannot reach them): wait for the pool to say so.
    await vi.waitFor(() => expect(quick.threadCount).toBe(0), { timeout: 10_000, interval: 50 });
  });

  it('prepares a thread when none is free: none runs, or the only one is speaking and the pool may grow (#40.4)', async () => {
    const pair = new LocalSynthesizer({ threads: 2 });
    try {
      pair.prepare();
      expect(pair.threadCount).toBe(1);
      // Until its engines are loaded (the preparation done), the thread is not free yet.
      await vi.waitFor(() => expect((pair as unknown as { preparing?: unknown }).preparing).toBeUndefined(), { timeout: 10_000, interval: 20 });
      // Free: the prepared thread takes the next greeting, nothing more starts.
      pair.prepare();
      expect(pair.threadCount).toBe(1);
      const spoken = pair.synthesize({ text: "Hi, you've reached Summit Builders. We're on a job site right now and can't pick up.", lang: 'en', voice: 'aria' }, { write: () => undefined, end: () => undefined });
      // Its only thread is speaking: a visitor about to click gets a second one, ready.
      pair.prepare();
      await vi.waitFor(() => expect(pair.threadCount).toBe(2), { timeout: 10_000, interval: 20 });
      await spoken;
      // Never more threads than the pool's.
      const both = [1, 2].map((index) => pair.synthesize({ text: `Greeting number ${index}, we will call you back.`, lang: 'en', voice: 'aria' }, { write: () => undefined, end: () => undefined }));
      pair.prepare();
      expect(pair.threadCount).toBe(2);
      await Promise.all(both);
    } finally {
      await pair.close();
    }
  });

  it('streams the MP3 in pieces, says when it is complete, then returns the phone WAV', async () => {
    const events: string[] = [];
    const result = await synthesizer.synthesize(
      { text: "Hi, you've reached Summit Builders. We're on a job site right now. Leave your name and number and we'll call you back.", lang: 'en', voice: 'daniel' },
      { write: (bytes) => events.push(`mp3:${bytes.length > 0}`), end: (seconds) => events.push(`end:${seconds > 3}`) },
    );
    expect(events.filter((event) => event === 'mp3:true').length).toBeGreaterThan(1);
    expect(events.at(-1)).toBe('end:true');
    expect(result.durationSeconds).toBeGreaterThan(3);
    expect(Buffer.from(result.phoneWav ?? []).subarray(0, 4).toString('latin1')).toBe('RIFF');
  });

  it('speaks two greetings at once on one thread: the second is heard before the first is complete', async () => {
    // Each task used to carry an abort signal (the time limit), and piscina gives an abortable task
    // its thread to itself: the second visitor waited for the whole first greeting (#16).
    const events: string[] = [];
    const sink = (name: string) => ({ write: () => events.push(`${name}:mp3`), end: () => events.push(`${name}:complete`) });
    const text = "Hi, you've reached Summit Builders. We're on a job site right now and can't pick up. Leave your name and number and we'll call you back today.";
    await Promise.all([synthesizer.synthesize({ text, lang: 'en', voice: 'aria' }, sink('one')), synthesizer.synthesize({ text: `Bonjour, ${text}`, lang: 'en', voice: 'daniel' }, sink('two'))]);
    expect(events.indexOf('two:mp3')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('two:mp3')).toBeLessThan(events.indexOf('one:complete'));
  });

  it('stops a greeting its caller gave up on, and the thread goes on with the next one', async () => {
    const caller = new AbortController();
    const events: string[] = [];
    const given = synthesizer.synthesize({ text: 'Hi, this greeting will not be heard. Nobody is waiting for it any more.', lang: 'en', voice: 'aria' }, { write: () => events.push('mp3'), end: () => events.push('complete') }, caller.signal);
    caller.abort();
    await expect(given).rejects.toBeInstanceOf(SynthesisFailedError);
    const next = await synthesizer.synthesize({ text: 'Hello again.', lang: 'en', voice: 'aria' }, { write: () => undefined, end: () => undefined });
    expect(next.durationSeconds).toBeGreaterThan(0);
    expect(events).not.toContain('complete');
  });

  it('gives up on a greeting past its time limit instead of hanging', async () => {
    await expect(impatient.synthesize({ text: 'This takes longer than five milliseconds to say.', lang: 'en', voice: 'aria' }, { write: () => undefined, end: () => undefined })).rejects.toBeInstanceOf(SynthesisFailedError);
  });
});
