import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, describe, expect, it } from 'vitest';
import { voiceNames, type GreetingLanguage, type VoiceName } from '../../../core/contracts/greetings';
import { loudnessTarget } from '../../../server/greetings/level';
import { LocalSynthesizer } from '../../../server/greetings/local-synthesizer';
import { integratedLoudness, truePeakDb } from '../../../server/greetings/loudness';
import { normalizeForSpeech } from '../../../server/greetings/normalize';
import { brightnessHz, decodePhoneWav, DISTINCT_VOICES, distinct, measureVoice, voiceDistance, type VoiceFeatures } from './voice-features';

const sentences: Record<GreetingLanguage, string> = {
  en: "Hi, you've reached Summit Builders. Please leave your name and number after the tone. We're open Monday to Friday, 8 a.m. to 5 p.m.",
  fr: 'Bonjour, vous êtes bien chez Rénovations Sommet. Laissez votre nom et votre numéro après le bip. Nous sommes ouverts du lundi au vendredi, de 8h à 17h.',
};

/**
 * Two voices count as different (#37.6) when the same sentence differs by at least one of: 1
 * semitone of median pitch, 8 % of pace (speaking time) or 10 % of brightness (spectral centroid),
 * measured together, for every pair, in each language.
 */
interface Heard {
  features: VoiceFeatures & { brightnessHz: number };
  /** Of the MP3 as a browser decodes it. */
  loudnessLufs: number;
  truePeakDbtp: number;
}

const decoder = new MPEGDecoder();

async function decodeMp3(bytes: Uint8Array): Promise<{ samples: Float32Array; sampleRate: number }> {
  await decoder.ready;
  await decoder.reset();
  const decoded = decoder.decode(bytes);
  return { samples: decoded.channelData[0] ?? new Float32Array(0), sampleRate: decoded.sampleRate };
}

describe('the 17 voices sound different from each other, equally loud, their true peak under the ceiling', () => {
  // 34 greetings at once on a shared 2-core machine: the engine's 30 s limit is not what is tested here.
  const synthesizer = new LocalSynthesizer({ threads: 2, timeoutMs: 170_000 });
  afterAll(async () => {
    decoder.free();
    await synthesizer.close();
  });

  for (const lang of ['en', 'fr'] as const) {
    it(`in ${lang}: every pair ${DISTINCT_VOICES.semitones} semitone, ${DISTINCT_VOICES.pace * 100} % pace or ${DISTINCT_VOICES.brightness * 100} % brightness apart; ${loudnessTarget.integratedLufs} LUFS ± 0.5 LU; true peak ≤ ${loudnessTarget.maxTruePeakDbtp} dBTP`, async () => {
      const text = normalizeForSpeech(sentences[lang], lang);
      const heard = new Map<VoiceName, Heard>();
      await Promise.all(
        voiceNames.map(async (voice) => {
          const pieces: Uint8Array[] = [];
          const result = await synthesizer.synthesize({ text, lang, voice }, { write: (bytes) => pieces.push(bytes), end: () => undefined });
          if (!result.phoneWav) throw new Error('no phone WAV');
          const mp3 = await decodeMp3(Buffer.concat(pieces));
          heard.set(voice, {
            features: { ...measureVoice(decodePhoneWav(result.phoneWav)), brightnessHz: brightnessHz(mp3.samples, mp3.sampleRate) },
            loudnessLufs: integratedLoudness(mp3.samples, mp3.sampleRate),
            truePeakDbtp: truePeakDb(mp3.samples),
          });
        }),
      );
      const alike: string[] = [];
      for (const [index, first] of voiceNames.entries()) {
        for (const second of voiceNames.slice(index + 1)) {
          const a = heard.get(first)?.features;
          const b = heard.get(second)?.features;
          if (!a || !b) throw new Error('missing measurement');
          const distance = voiceDistance(a, b);
          const apart = distinct(distance);
          const figures = `${distance.semitones.toFixed(2)} st, ${(distance.pace * 100).toFixed(1)} % pace, ${(distance.brightness * 100).toFixed(1)} % brightness`;
          if (process.env.SHOW_VOICE_FEATURES) console.log(lang, first, second, figures, apart ? '' : 'ALIKE');
          if (!apart) alike.push(`${first}~${second} (${figures})`);
        }
      }
      if (process.env.SHOW_VOICE_FEATURES) {
        for (const [voice, { features, loudnessLufs, truePeakDbtp }] of heard) {
          console.log(`${lang} ${voice.padEnd(10)} pitch ${features.pitchHz.toFixed(0)} Hz  ${features.seconds.toFixed(2)} s  brightness ${features.brightnessHz.toFixed(0)} Hz  ${loudnessLufs.toFixed(1)} LUFS  true peak ${truePeakDbtp.toFixed(2)} dBTP`);
        }
      }
      expect(alike).toEqual([]);
      // And the voices span a real range of pitch, low male to high female.
      const pitches = [...heard.values()].map(({ features }) => features.pitchHz);
      expect(Math.max(...pitches) / Math.min(...pitches)).toBeGreaterThan(2);
      const offTarget = [...heard].filter(([, { loudnessLufs }]) => Math.abs(loudnessLufs - loudnessTarget.integratedLufs) > 0.5).map(([voice, { loudnessLufs }]) => `${voice} ${loudnessLufs.toFixed(1)}`);
      expect(offTarget).toEqual([]);
      const clipping = [...heard].filter(([, { truePeakDbtp }]) => truePeakDbtp > loudnessTarget.maxTruePeakDbtp).map(([voice, { truePeakDbtp }]) => `${voice} ${truePeakDbtp.toFixed(2)}`);
      expect(clipping).toEqual([]);
    }, 180_000);
  }
});
