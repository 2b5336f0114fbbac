import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, describe, expect, it } from 'vitest';
import { voiceNames, type GreetingLanguage, type VoiceName } from '../../../core/contracts/greetings';
import { loudnessTarget } from '../../../server/greetings/level';
import { LocalSynthesizer } from '../../../server/greetings/local-synthesizer';
import { integratedLoudness, samplePeakDb } from '../../../server/greetings/loudness';
import { normalizeForSpeech } from '../../../server/greetings/normalize';
import { decodePhoneWav, measureVoice, spectralDistance, type VoiceFeatures } from './voice-features';

const sentences: Record<GreetingLanguage, string> = {
  en: "Hi, you've reached Summit Builders. Please leave your name and number after the tone. We're open Monday to Friday, 8 a.m. to 5 p.m.",
  fr: 'Bonjour, vous êtes bien chez Rénovations Sommet. Laissez votre nom et votre numéro après le bip. Nous sommes ouverts du lundi au vendredi, de 8h à 17h.',
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

interface Heard {
  features: VoiceFeatures;
  /** Of the MP3 as a browser decodes it. */
  loudnessLufs: number;
  peakDbfs: number;
}

const decoder = new MPEGDecoder();

async function decodeMp3(bytes: Uint8Array): Promise<{ samples: Float32Array; sampleRate: number }> {
  await decoder.ready;
  await decoder.reset();
  const decoded = decoder.decode(bytes);
  return { samples: decoded.channelData[0] ?? new Float32Array(0), sampleRate: decoded.sampleRate };
}

describe('the 17 voices sound different from each other, equally loud and never clipping', () => {
  const synthesizer = new LocalSynthesizer({ threads: 2 });
  afterAll(async () => {
    decoder.free();
    await synthesizer.close();
  });

  for (const lang of ['en', 'fr'] as const) {
    it(`in ${lang}: distinct by pitch, timbre or pace for every pair; ${loudnessTarget.integratedLufs} LUFS ± 0.5 LU; peaks ≤ ${loudnessTarget.maxPeakDbfs} dBFS`, async () => {
      const text = normalizeForSpeech(sentences[lang], lang);
      const heard = new Map<VoiceName, Heard>();
      await Promise.all(
        voiceNames.map(async (voice) => {
          const pieces: Uint8Array[] = [];
          const result = await synthesizer.synthesize({ text, lang, voice }, { write: (bytes) => pieces.push(bytes), end: () => undefined });
          if (!result.phoneWav) throw new Error('no phone WAV');
          const mp3 = await decodeMp3(Buffer.concat(pieces));
          heard.set(voice, {
            features: measureVoice(decodePhoneWav(result.phoneWav)),
            loudnessLufs: integratedLoudness(mp3.samples, mp3.sampleRate),
            peakDbfs: samplePeakDb(mp3.samples),
          });
        }),
      );
      const alike: string[] = [];
      for (const [index, first] of voiceNames.entries()) {
        for (const second of voiceNames.slice(index + 1)) {
          const a = heard.get(first)?.features;
          const b = heard.get(second)?.features;
          if (!a || !b) throw new Error('missing measurement');
          const result = differ(a, b);
          if (process.env.SHOW_VOICE_FEATURES) console.log(lang, first, second, result.pitch.toFixed(3), result.timbre.toFixed(2), result.pace.toFixed(3), result.distinct ? '' : 'ALIKE');
          if (!result.distinct) alike.push(`${first}/${second}`);
        }
      }
      if (process.env.SHOW_VOICE_FEATURES) {
        for (const [voice, { features, loudnessLufs, peakDbfs }] of heard) {
          console.log(`${lang} ${voice.padEnd(10)} pitch ${features.pitchHz.toFixed(0)} Hz  ${features.seconds.toFixed(2)} s  ${loudnessLufs.toFixed(1)} LUFS  peak ${peakDbfs.toFixed(2)} dBFS`);
        }
      }
      expect(alike).toEqual([]);
      // And the voices span a real range of pitch, low male to high female.
      const pitches = [...heard.values()].map(({ features }) => features.pitchHz);
      expect(Math.max(...pitches) / Math.min(...pitches)).toBeGreaterThan(2);
      const offTarget = [...heard].filter(([, { loudnessLufs }]) => Math.abs(loudnessLufs - loudnessTarget.integratedLufs) > 0.5).map(([voice, { loudnessLufs }]) => `${voice} ${loudnessLufs.toFixed(1)}`);
      expect(offTarget).toEqual([]);
      const clipping = [...heard].filter(([, { peakDbfs }]) => peakDbfs > loudnessTarget.maxPeakDbfs).map(([voice, { peakDbfs }]) => `${voice} ${peakDbfs.toFixed(2)}`);
      expect(clipping).toEqual([]);
    }, 180_000);
  }
});
