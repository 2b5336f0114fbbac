import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GreetingCostBudget } from '../../../server/greetings/cost-budget';
import { normalizeForSpeech } from '../../../server/greetings/normalize';
import { prerenderedSamples } from '../../../server/greetings/prerendered-samples';
import { sampleScript } from '../../../server/greetings/samples';
import { greetingId, GreetingService } from '../../../server/greetings/service';
import type { Synthesizer } from '../../../server/greetings/synthesizer';

/** #40.4: a voice sample the build rendered is served without any synthesis, even on a fresh server. */
describe('prerendered voice samples', () => {
  const dir = mkdtempSync(join(tmpdir(), 'greeting-samples-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  let syntheses = 0;
  let prepared = 0;
  const engine: Synthesizer = {
    id: 'local/test-engine',
    synthesize: () => {
      syntheses += 1;
      return Promise.reject(new Error('a prerendered sample must not be synthesized'));
    },
    phoneWav: () => Promise.reject(new Error('unused')),
    warm: () => Promise.resolve(),
    prepare: () => {
      prepared += 1;
    },
    close: () => Promise.resolve(),
  };
  const service = new GreetingService({
    synthesizer: engine,
    cacheBytes: 1024 * 1024,
    // Never asked: a prerendered sample starts no synthesis.
    budget: {} as GreetingCostBudget,
    work: { issueWork: () => Promise.reject(new Error('unused')), spendWork: () => Promise.reject(new Error('unused')) },
    prerendered: prerenderedSamples(dir),
  });

  it('serves the file named by the greeting id, kept for the process', async () => {
    const recipe = { text: sampleScript('aria', 'fr'), voice: 'aria' as const, lang: 'fr' as const };
    const id = greetingId(engine.id, recipe, normalizeForSpeech(recipe.text, recipe.lang));
    const bytes = Buffer.alloc(4000, 0xff);
    writeFileSync(join(dir, `${id}.mp3`), bytes);
    const first = await service.finished(recipe, { client: '192.0.2.1' }, { pin: true, exempt: true });
    expect(first.id).toBe(id);
    expect(first.audio.mp3.equals(bytes)).toBe(true);
    // 4,000 bytes at 32 kbit/s.
    expect(first.audio.durationSeconds).toBe(1);
    rmSync(join(dir, `${id}.mp3`));
    const again = await service.finished(recipe, { client: '192.0.2.1' }, { pin: true, exempt: true });
    expect(again.audio.mp3.equals(bytes)).toBe(true);
    expect(syntheses).toBe(0);
  });

  it('never reads a path that is not an id', () => {
    expect(prerenderedSamples(dir)('../../etc/passwd')).toBeUndefined();
  });

  it('passes "a visitor is about to ask" on to the engine', () => {
    service.prepare();
    expect(prepared).toBe(1);
  });
});
