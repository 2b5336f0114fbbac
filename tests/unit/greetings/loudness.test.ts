import { describe, expect, it } from 'vitest';
import { levelPiece, limit, loudnessTarget, lowPassLikeEncoder } from '../../../server/greetings/level';
import { integratedLoudness, kWeightingFilters, samplePeakDb, truePeakDb } from '../../../server/greetings/loudness';

const sine = (sampleRate: number, seconds: number, frequency: number, amplitude: number) =>
  Float32Array.from({ length: Math.round(sampleRate * seconds) }, (_, index) => amplitude * Math.sin((2 * Math.PI * frequency * index) / sampleRate));

const join = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

describe('BS.1770 loudness', () => {
  it('derives the standard 48 kHz K-weighting coefficients', () => {
    const [shelf, highPass] = kWeightingFilters(48_000);
    // ITU-R BS.1770-4, tables 1 and 2.
    expect(shelf.b[0]).toBeCloseTo(1.53512485958697, 6);
    expect(shelf.b[1]).toBeCloseTo(-2.69169618940638, 6);
    expect(shelf.b[2]).toBeCloseTo(1.19839281085285, 6);
    expect(shelf.a[1]).toBeCloseTo(-1.69065929318241, 6);
    expect(shelf.a[2]).toBeCloseTo(0.73248077421585, 6);
    expect(highPass.a[1]).toBeCloseTo(-1.99004745483398, 6);
    expect(highPass.a[2]).toBeCloseTo(0.99007225036621, 6);
  });

  it('reads a full-scale 997 Hz sine as -3.01 LUFS at 48 kHz and at the greetings\u2019 16 kHz', () => {
    for (const rate of [48_000, 16_000]) expect(integratedLoudness(sine(rate, 5, 997, 1), rate)).toBeCloseTo(-3.01, 1);
    // 20 dB quieter is 20 LU lower.
    expect(integratedLoudness(sine(16_000, 5, 997, 0.1), 16_000)).toBeCloseTo(-23.01, 1);
  });

  it('gates silence and quiet passages out (absolute -70 LUFS, relative -10 LU)', () => {
    const rate = 16_000;
    const tone = sine(rate, 3, 997, 0.1);
    // (Blocks straddling a tone's edge pass the gates at a lower level: a few tenths under.)
    expect(integratedLoudness(join(tone, new Float32Array(rate * 6), tone), rate)).toBeCloseTo(-23.01, 0);
    // Without the gates, 6 s of silence in 12 s would halve the power: -26 LUFS.
    expect(integratedLoudness(join(tone, new Float32Array(rate * 6), tone), rate)).toBeGreaterThan(-23.5);
    // A passage 30 dB down is below the relative gate and does not pull the figure down.
    expect(integratedLoudness(join(tone, sine(rate, 6, 997, 0.00316)), rate)).toBeCloseTo(-23.01, 0);
    expect(integratedLoudness(new Float32Array(rate), rate)).toBe(Number.NEGATIVE_INFINITY);
  });

  it('measures sample peaks in dBFS', () => {
    expect(samplePeakDb(Float32Array.of(0, -0.5, 0.25))).toBeCloseTo(-6.02, 2);
  });

  it('measures the true peak between samples (4× oversampled), where the sample peak misses it', () => {
    // A quarter-rate sine sampled 45° off its crests: every sample is at 0.707 of the true peak.
    const tone = Float32Array.from({ length: 1600 }, (_, index) => 0.5 * Math.sin((2 * Math.PI * index) / 4 + Math.PI / 4));
    expect(samplePeakDb(tone)).toBeCloseTo(20 * Math.log10(0.5 * Math.SQRT1_2), 1);
    expect(truePeakDb(tone.subarray(100, 1500))).toBeCloseTo(20 * Math.log10(0.5), 0);
  });
});

describe('the true-peak limit after the encoder\u2019s low-pass (#37.6)', () => {
  const rate = 16_000;
  /** Speech-like: a buzz of harmonics at 110 Hz up to the top of the band, loud and peaky. */
  const buzz = () => {
    const out = new Float32Array(rate * 2);
    for (let harmonic = 1; harmonic * 110 < 7900; harmonic += 1) {
      for (let index = 0; index < out.length; index += 1) out[index] = (out[index] ?? 0) + (0.9 / harmonic) * Math.sin((2 * Math.PI * 110 * harmonic * index) / rate + harmonic);
    }
    return out;
  };

  it('holds the 4× oversampled peak, not only the samples, under the ceiling', () => {
    const ceiling = 10 ** (loudnessTarget.ceilingDbtp / 20);
    const limited = limit(lowPassLikeEncoder(buzz(), rate), rate, ceiling);
    expect(truePeakDb(limited)).toBeLessThanOrEqual(loudnessTarget.ceilingDbtp + 0.1);
  });

  it('levels a loud piece to the target with its true peak under the ceiling', () => {
    const levelled = levelPiece(buzz(), rate);
    expect(truePeakDb(levelled)).toBeLessThanOrEqual(loudnessTarget.ceilingDbtp + 0.1);
    expect(loudnessTarget.ceilingDbtp).toBeLessThanOrEqual(loudnessTarget.maxTruePeakDbtp - 1);
  });

  it('takes off what the encoder would (above 7.25 kHz) and keeps the speech band', () => {
    const tone = (frequency: number) => Float32Array.from({ length: rate }, (_, index) => 0.5 * Math.sin((2 * Math.PI * frequency * index) / rate));
    expect(samplePeakDb(lowPassLikeEncoder(tone(1000), rate).subarray(2000, 14000))).toBeCloseTo(20 * Math.log10(0.5), 0);
    expect(samplePeakDb(lowPassLikeEncoder(tone(7600), rate).subarray(2000, 14000))).toBeLessThan(20 * Math.log10(0.5) - 10);
  });
});
