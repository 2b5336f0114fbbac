import { afterAll, describe, expect, it } from 'vitest';
import { voiceNames, type GreetingLanguage, type VoiceName } from '../../../src/contracts/greetings';
import { LocalSynthesizer } from '../../../server/greetings/local-synthesizer';
import { normalizeForSpeech } from '../../../server/greetings/normalize';
import { decodePhoneWav, measureVoice, spectralDistance, type VoiceFeatures } from './voice-features';

const sentences: Record<GreetingLanguage, string> = {
  en: "Hi, you've reached Summit Builders. Please leave your name and number after the tone.",
  fr: 'Bonjour, vous êtes bien chez Rénovations Sommet. Laissez votre nom et votre numéro après le bip.',
};

/**
 * Two voices count as different when the same sentence differs clearly in at least one of: median
 * pitch (more than 6 %), spectral envelope (timbre: more than 1.5 dB RMS across 24 bands) or
 * speaking time (more than 5 %). Thresholds sit well above what one voice varies between runs.
 */
function differ(a: VoiceFeatures, b: VoiceFeatures): { pitch: number; timbre: number; pace: number; distinct: boolean } {
  const pitch = Math.abs(Math.log(a.pitchHz / b.pitchHz));
  const timbre = spectralDistance(a.spectrum, b.spectrum);
  const pace = Math.abs(Math.log(a.seconds / b.seconds));
  return { pitch, timbre, pace, distinct: pitch > Math.log(1.06) || timbre > 1.5 || pace > Math.log(1.05) };
}

describe('the 17 voices sound different from each other', () => {
  const synthesizer = new LocalSynthesizer({ threads: 2 });
  afterAll(() => synthesizer.close());

  for (const lang of ['en', 'fr'] as const) {
    it(`in ${lang}: by pitch, timbre or pace, for every pair`, async () => {
      const text = normalizeForSpeech(sentences[lang], lang);
      const features = new Map<VoiceName, VoiceFeatures>();
      await Promise.all(
        voiceNames.map(async (voice) => {
          const result = await synthesizer.synthesize({ text, lang, voice }, { write: () => undefined, end: () => undefined });
          if (!result.phoneWav) throw new Error('no phone WAV');
          features.set(voice, measureVoice(decodePhoneWav(result.phoneWav)));
        }),
      );
      const alike: string[] = [];
      for (const [index, first] of voiceNames.entries()) {
        for (const second of voiceNames.slice(index + 1)) {
          const a = features.get(first);
          const b = features.get(second);
          if (!a || !b) throw new Error('missing measurement');
          const result = differ(a, b);
          if (process.env.SHOW_VOICE_FEATURES) console.log(lang, first, second, result.pitch.toFixed(3), result.timbre.toFixed(2), result.pace.toFixed(3));
          if (!result.distinct) alike.push(`${first}/${second}`);
        }
      }
      expect(alike).toEqual([]);
      // And the voices span a real range of pitch, low male to high female.
      const pitches = [...features.values()].map((feature) => feature.pitchHz);
      expect(Math.max(...pitches) / Math.min(...pitches)).toBeGreaterThan(2);
    }, 120_000);
  }
});
