import type { GreetingLanguage, VoiceName } from '../../core/contracts/greetings';
import type { FliteVoice } from './engines/flite';

interface PresetShape {
  /** Speaking speed: 1 is the engine's normal pace, 1.1 is ten per cent faster. */
  rate: number;
  /**
   * Apparent speaker size: above 1 raises pitch and formants together (a smaller, younger or more
   * feminine voice), below 1 lowers them. Done by resampling, see the synthesis worker.
   */
  tract: number;
}

export interface FlitePreset extends PresetShape {
  engine: 'flite';
  voice: FliteVoice;
  /** Mean pitch in Hz after the tract shift (rms ignores it). */
  pitchHz?: number;
  pitchRangeHz?: number;
}

export interface ESpeakPreset extends PresetShape {
  engine: 'espeak';
  /** eSpeak language voice and variant, e.g. `fr+f3`. */
  voice: string;
  wordsPerMinute: number;
  /** 0 to 99. */
  pitch: number;
  /** 0 to 99. */
  range: number;
}

export type EnginePreset = FlitePreset | ESpeakPreset;

export interface VoicePreset {
  name: VoiceName;
  /** English is spoken by Flite's voices, French by eSpeak-NG's French voice with a variant. */
  presets: Record<GreetingLanguage, EnginePreset>;
  /** The ElevenLabs premade voice of the same name (used when ELEVENLABS_API_KEY is set). */
  elevenLabsVoiceId: string;
  /** Drawn avatar: hue of the background and the hair style, see avatars.ts. */
  look: { hue: number; hair: 'short' | 'long' | 'bun' | 'curly' | 'bald' | 'beard' | 'bob' | 'wavy'; skin: number };
}

// No loudness trims: every piece is measured and brought to one target (level.ts).
const flite = (voice: FliteVoice, settings: Omit<FlitePreset, 'engine' | 'voice'>): FlitePreset => ({ engine: 'flite', voice, ...settings });

const espeak = (voice: string, settings: Omit<ESpeakPreset, 'engine' | 'voice' | 'wordsPerMinute'> & { wordsPerMinute?: number }): ESpeakPreset => ({
  engine: 'espeak',
  voice,
  wordsPerMinute: 160,
  ...settings,
});

/**
 * English tracts (the apparent speaker size) were chosen by pocketsphinx word error rate among the
 * 401 presets, halfway and a quarter of the way to 1 (`npm run greetings:wer`; figures in
 * docs/decisions/402-greeting-speech-quality.md): far from the engine's own voice, words blur.
 *
 * The 17 voices as named presets. Every pair differs by at least 1 semitone of pitch, 8 % of pace
 * or 10 % of brightness in both languages (#37.6): tests/server/greetings/voices-differ.test.ts
 * measures the three on the same sentence. Presets-5 slowed en bill and laura, sped en eric, and in
 * fr slowed laura, bill and matilda, raised and sped jessica and raised chris (measured before:
 * en brian~bill 0.2 st / 7.6 % / 0.6 %, daniel~eric; fr alice~laura, aria~jessica, chris~bill).
 */
export const voicePresets: Record<VoiceName, VoicePreset> = {
  alice: {
    name: 'alice',
    presets: {
      en: flite('slt', { pitchHz: 205, pitchRangeHz: 28, rate: 1.0, tract: 1.015 }),
      fr: espeak('fr+f1', { pitch: 56, range: 55, rate: 1.0, tract: 1.0 }),
    },
    elevenLabsVoiceId: 'Xb7hH8MSUJpSbSDYk0k2',
    look: { hue: 338, hair: 'bob', skin: 1 },
  },
  aria: {
    name: 'aria',
    presets: {
      en: flite('slt', { pitchHz: 185, pitchRangeHz: 30, rate: 1.06, tract: 1.0 }),
      fr: espeak('fr+f2', { pitch: 66, range: 60, rate: 1.05, tract: 1.0 }),
    },
    elevenLabsVoiceId: '9BWtsMINqrJLrRacOk9x',
    look: { hue: 262, hair: 'long', skin: 3 },
  },
  will: {
    name: 'will',
    presets: {
      en: flite('kal16', { pitchHz: 128, pitchRangeHz: 18, rate: 1.08, tract: 1.025 }),
      fr: espeak('fr+m1', { pitch: 62, range: 55, rate: 1.08, tract: 1.0 }),
    },
    elevenLabsVoiceId: 'bIHbv24MWmeRgasZH58o',
    look: { hue: 200, hair: 'short', skin: 2 },
  },
  brian: {
    name: 'brian',
    presets: {
      en: flite('rms', { rate: 0.95, tract: 0.9825 }),
      fr: espeak('fr+m3', { pitch: 26, range: 40, rate: 0.95, tract: 0.95 }),
    },
    elevenLabsVoiceId: 'nPczCjzI2devNBz1zQrb',
    look: { hue: 24, hair: 'beard', skin: 4 },
  },
  charlie: {
    name: 'charlie',
    presets: {
      en: flite('awb', { pitchHz: 135, pitchRangeHz: 22, rate: 1.05, tract: 1.0075 }),
      fr: espeak('fr+m2', { pitch: 55, range: 65, rate: 1.05, tract: 1.02 }),
    },
    elevenLabsVoiceId: 'IKne3meq5aSn9XLyUdCD',
    look: { hue: 160, hair: 'curly', skin: 1 },
  },
  charlotte: {
    name: 'charlotte',
    presets: {
      en: flite('slt', { pitchHz: 232, pitchRangeHz: 35, rate: 0.93, tract: 1.03 }),
      fr: espeak('fr+f3', { pitch: 58, range: 50, rate: 0.95, tract: 1.04 }),
    },
    elevenLabsVoiceId: 'XB0fDUnXU5powFXDhCwa',
    look: { hue: 300, hair: 'wavy', skin: 0 },
  },
  chris: {
    name: 'chris',
    presets: {
      en: flite('kal16', { pitchHz: 112, pitchRangeHz: 15, rate: 1.0, tract: 0.98 }),
      fr: espeak('fr+m4', { pitch: 44, range: 50, rate: 1.0, tract: 1.0 }),
    },
    elevenLabsVoiceId: 'iP95p4xoKVk53GoZ742B',
    look: { hue: 215, hair: 'short', skin: 5 },
  },
  daniel: {
    name: 'daniel',
    presets: {
      en: flite('awb', { pitchHz: 102, pitchRangeHz: 14, rate: 0.92, tract: 0.975 }),
      fr: espeak('fr+m6', { pitch: 14, range: 35, rate: 0.92, tract: 0.97 }),
    },
    elevenLabsVoiceId: 'onwK4e9ZLuTAKqWW03F9',
    look: { hue: 228, hair: 'bald', skin: 2 },
  },
  eric: {
    name: 'eric',
    presets: {
      en: flite('rms', { rate: 1.2, tract: 1.05 }),
      fr: espeak('fr+m5', { pitch: 48, range: 45, rate: 1.06, tract: 1.0 }),
    },
    elevenLabsVoiceId: 'cjVigY5qzO86Huf0OWal',
    look: { hue: 184, hair: 'short', skin: 3 },
  },
  george: {
    name: 'george',
    presets: {
      en: flite('awb', { pitchHz: 120, pitchRangeHz: 20, rate: 0.97, tract: 1.0 }),
      fr: espeak('fr+m7', { pitch: 42, range: 55, rate: 0.97, tract: 0.98 }),
    },
    elevenLabsVoiceId: 'JBFqnCBsd6RMkjVDRZzb',
    look: { hue: 36, hair: 'beard', skin: 0 },
  },
  jessica: {
    name: 'jessica',
    presets: {
      en: flite('slt', { pitchHz: 248, pitchRangeHz: 40, rate: 1.1, tract: 1.04 }),
      fr: espeak('fr+f4', { pitch: 76, range: 70, rate: 1.2, tract: 1.06 }),
    },
    elevenLabsVoiceId: 'cgSgspJ2msm6clMCkdW9',
    look: { hue: 350, hair: 'long', skin: 4 },
  },
  laura: {
    name: 'laura',
    presets: {
      en: flite('slt', { pitchHz: 172, pitchRangeHz: 24, rate: 0.92, tract: 0.985 }),
      fr: espeak('fr+f5', { pitch: 40, range: 45, rate: 0.89, tract: 1.0 }),
    },
    elevenLabsVoiceId: 'FGY2WhTYpPnrIDTdsKH5',
    look: { hue: 12, hair: 'bun', skin: 1 },
  },
  liam: {
    name: 'liam',
    presets: {
      en: flite('kal16', { pitchHz: 146, pitchRangeHz: 22, rate: 1.12, tract: 1.025 }),
      fr: espeak('fr+m8', { pitch: 72, range: 60, rate: 1.12, tract: 1.06 }),
    },
    elevenLabsVoiceId: 'TX3LPaxmHKxFdv7VOQHJ',
    look: { hue: 140, hair: 'curly', skin: 2 },
  },
  matilda: {
    name: 'matilda',
    presets: {
      en: flite('slt', { pitchHz: 196, pitchRangeHz: 20, rate: 0.9, tract: 1.0225 }),
      fr: espeak('fr+Annie', { pitch: 38, range: 40, rate: 0.86, tract: 1.02 }),
    },
    elevenLabsVoiceId: 'XrExE9yKIg1WjnnlVkGX',
    look: { hue: 48, hair: 'bun', skin: 5 },
  },
  river: {
    name: 'river',
    presets: {
      en: flite('slt', { pitchHz: 152, pitchRangeHz: 18, rate: 1.0, tract: 0.92 }),
      fr: espeak('fr+Andrea', { pitch: 18, range: 35, rate: 1.0, tract: 0.95 }),
    },
    elevenLabsVoiceId: 'SAz9YHcvj6GT2YYXdXww',
    look: { hue: 174, hair: 'wavy', skin: 3 },
  },
  sarah: {
    name: 'sarah',
    presets: {
      en: flite('kal16', { pitchHz: 212, pitchRangeHz: 30, rate: 1.02, tract: 1.12 }),
      fr: espeak('fr+linda', { pitch: 40, range: 55, rate: 1.02, tract: 1.02 }),
    },
    elevenLabsVoiceId: 'EXAVITQu4vr4xnSDxMaL',
    look: { hue: 280, hair: 'bob', skin: 2 },
  },
  bill: {
    name: 'bill',
    presets: {
      en: flite('rms', { rate: 0.84, tract: 0.95 }),
      fr: espeak('fr+grandpa', { pitch: 22, range: 30, rate: 0.82, tract: 0.94 }),
    },
    elevenLabsVoiceId: 'pqHfZKP75CvOlQylNhV4',
    look: { hue: 90, hair: 'bald', skin: 1 },
  },
};

/** Part of every cache key: bump it when a preset or the audio pipeline changes. */
export const localEngineVersion = 'flite-2.3+espeak-ng-1.52+lame-3.100/presets-5+r128+lp6900+tp4';
