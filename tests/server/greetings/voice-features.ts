import { createRequire } from 'node:module';
import type * as AlawMulaw from 'alawmulaw';

const { mulaw } = createRequire(import.meta.url)('alawmulaw') as typeof AlawMulaw;

/** Voice measurements taken from the phone WAV (8 kHz µ-law), enough to tell speakers apart. */
export interface VoiceFeatures {
  /** Median fundamental frequency of voiced frames, Hz. */
  pitchHz: number;
  /** Long-term average spectrum, dB per band (0–4 kHz), level-normalised. */
  spectrum: number[];
  /** Seconds of audio. */
  seconds: number;
}

/**
 * How far apart two voices are on the three things a listener hears first (#37.6): median pitch in
 * semitones, pace (speaking time of the same sentence) and brightness (spectral centroid of the
 * MP3 as a browser decodes it), both as the larger over the smaller, minus one.
 */
export interface VoiceDistance {
  semitones: number;
  pace: number;
  brightness: number;
}

/** Two voices a listener can tell apart differ by at least one of these. */
export const DISTINCT_VOICES = { semitones: 1, pace: 0.08, brightness: 0.1 } as const;

export function voiceDistance(a: VoiceFeatures & { brightnessHz: number }, b: VoiceFeatures & { brightnessHz: number }): VoiceDistance {
  const ratio = (x: number, y: number) => Math.max(x, y) / Math.min(x, y) - 1;
  return { semitones: Math.abs(12 * Math.log2(a.pitchHz / b.pitchHz)), pace: ratio(a.seconds, b.seconds), brightness: ratio(a.brightnessHz, b.brightnessHz) };
}

export function distinct(distance: VoiceDistance): boolean {
  return distance.semitones >= DISTINCT_VOICES.semitones || distance.pace >= DISTINCT_VOICES.pace || distance.brightness >= DISTINCT_VOICES.brightness;
}

/**
 * Brightness: the centroid of the long-term power spectrum of the frames that carry speech (within
 * 30 dB of the loudest), up to 8 kHz. Measured on the MP3 as decoded, which is what a visitor hears.
 */
export function brightnessHz(samples: Float32Array, sampleRate: number): number {
  const size = 1024;
  const frames: Float32Array[] = [];
  let loudest = 0;
  const energies: number[] = [];
  for (let start = 0; start + size <= samples.length; start += size / 2) {
    const frame = samples.subarray(start, start + size);
    let energy = 0;
    for (const sample of frame) energy += sample * sample;
    frames.push(frame);
    energies.push(energy);
    loudest = Math.max(loudest, energy);
  }
  const sum = new Float64Array(size / 2 + 1);
  frames.forEach((frame, index) => {
    if ((energies[index] ?? 0) < loudest / 1000) return;
    const power = powerSpectrum(frame);
    for (let bin = 0; bin < power.length; bin += 1) sum[bin] = (sum[bin] ?? 0) + (power[bin] ?? 0);
  });
  let weighted = 0;
  let total = 0;
  for (let bin = 1; bin < sum.length; bin += 1) {
    const hz = (bin * sampleRate) / size;
    if (hz > 8000) break;
    weighted += hz * (sum[bin] ?? 0);
    total += sum[bin] ?? 0;
  }
  return total > 0 ? weighted / total : 0;
}

const SAMPLE_RATE = 8000;
const FRAME = 256;
const BANDS = 24;

export function decodePhoneWav(wav: Uint8Array): Float32Array {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  let offset = 12;
  while (offset + 8 <= wav.byteLength) {
    const id = String.fromCharCode(...wav.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (id === 'data') {
      const law = wav.subarray(offset + 8, offset + 8 + size);
      return Float32Array.from(mulaw.decode(law), (sample) => sample / 32768);
    }
    offset += 8 + size + (size & 1);
  }
  throw new Error('no data chunk');
}

export function measureVoice(samples: Float32Array): VoiceFeatures {
  const pitches: number[] = [];
  const bandSums = new Array<number>(BANDS).fill(0);
  let voicedFrames = 0;
  const minLag = Math.floor(SAMPLE_RATE / 400);
  const maxLag = Math.ceil(SAMPLE_RATE / 60);
  for (let start = 0; start + FRAME + maxLag < samples.length; start += FRAME / 2) {
    let energy = 0;
    for (let index = 0; index < FRAME; index += 1) energy += (samples[start + index] ?? 0) ** 2;
    if (energy / FRAME < 1e-4) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag += 1) {
      let cross = 0;
      let lagged = 0;
      for (let index = 0; index < FRAME; index += 1) {
        const a = samples[start + index] ?? 0;
        const b = samples[start + index + lag] ?? 0;
        cross += a * b;
        lagged += b * b;
      }
      const r = cross / Math.sqrt(energy * lagged + 1e-12);
      if (r > best) {
        best = r;
        bestLag = lag;
      }
    }
    if (best < 0.7) continue;
    pitches.push(SAMPLE_RATE / bestLag);
    voicedFrames += 1;
    const power = powerSpectrum(samples.subarray(start, start + FRAME));
    for (let bin = 1; bin < power.length; bin += 1) {
      const band = Math.min(BANDS - 1, Math.floor(((bin - 1) / (power.length - 1)) * BANDS));
      bandSums[band] = (bandSums[band] ?? 0) + (power[bin] ?? 0);
    }
  }
  pitches.sort((a, b) => a - b);
  const db = bandSums.map((sum) => 10 * Math.log10(sum / Math.max(1, voicedFrames) + 1e-12));
  const mean = db.reduce((total, value) => total + value, 0) / db.length;
  return {
    pitchHz: pitches[Math.floor(pitches.length / 2)] ?? 0,
    spectrum: db.map((value) => value - mean),
    seconds: samples.length / SAMPLE_RATE,
  };
}

/** Hann-windowed power spectrum by a plain radix-2 FFT. */
function powerSpectrum(frame: Float32Array): Float64Array {
  const size = frame.length;
  const real = new Float64Array(size);
  const imag = new Float64Array(size);
  for (let index = 0; index < size; index += 1) real[index] = (frame[index] ?? 0) * (0.5 - 0.5 * Math.cos((2 * Math.PI * index) / (size - 1)));
  for (let i = 1, j = 0; i < size; i += 1) {
    let bit = size >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [real[i], real[j]] = [real[j] ?? 0, real[i] ?? 0];
      [imag[i], imag[j]] = [imag[j] ?? 0, imag[i] ?? 0];
    }
  }
  for (let length = 2; length <= size; length <<= 1) {
    const angle = (-2 * Math.PI) / length;
    for (let start = 0; start < size; start += length) {
      for (let k = 0; k < length / 2; k += 1) {
        const cos = Math.cos(angle * k);
        const sin = Math.sin(angle * k);
        const a = start + k;
        const b = a + length / 2;
        const tr = (real[b] ?? 0) * cos - (imag[b] ?? 0) * sin;
        const ti = (real[b] ?? 0) * sin + (imag[b] ?? 0) * cos;
        real[b] = (real[a] ?? 0) - tr;
        imag[b] = (imag[a] ?? 0) - ti;
        real[a] = (real[a] ?? 0) + tr;
        imag[a] = (imag[a] ?? 0) + ti;
      }
    }
  }
  const power = new Float64Array(size / 2 + 1);
  for (let bin = 0; bin <= size / 2; bin += 1) power[bin] = (real[bin] ?? 0) ** 2 + (imag[bin] ?? 0) ** 2;
  return power;
}

/** Root-mean-square difference of two spectra, dB. */
export function spectralDistance(a: number[], b: number[]): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += ((a[index] ?? 0) - (b[index] ?? 0)) ** 2;
  return Math.sqrt(sum / a.length);
}
