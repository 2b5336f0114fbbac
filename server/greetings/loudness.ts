/**
 * Loudness as ITU-R BS.1770-4 / EBU R128 define it, for mono speech: K-weighting (a high shelf
 * for the head's effect plus a high-pass), mean square over 400 ms blocks overlapping by 75 %,
 * an absolute gate at -70 LUFS and a relative gate 10 LU under the ungated mean. The filter
 * coefficients are derived for any sample rate from the standard's analog prototypes (as
 * libebur128 does), since the greetings are made at 16 kHz, not the 48 kHz the standard tabulates.
 */

export interface Biquad {
  b: [number, number, number];
  a: [number, number, number];
}

export function kWeightingFilters(sampleRate: number): [Biquad, Biquad] {
  // Stage 1: high shelf, +4 dB above about 1.7 kHz.
  let f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b: [(vh + (vb * k) / q + k * k) / a0, (2 * (k * k - vh)) / a0, (vh - (vb * k) / q + k * k) / a0],
    a: [1, (2 * (k * k - 1)) / a0, (1 - k / q + k * k) / a0],
  };
  // Stage 2: the "RLB" high-pass at about 38 Hz.
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / sampleRate);
  a0 = 1 + k / q + k * k;
  const highPass: Biquad = { b: [1, -2, 1], a: [1, (2 * (k * k - 1)) / a0, (1 - k / q + k * k) / a0] };
  return [shelf, highPass];
}

function filter(samples: Float32Array, { b, a }: Biquad): Float64Array {
  const out = new Float64Array(samples.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let index = 0; index < samples.length; index += 1) {
    const x = samples[index] ?? 0;
    const y = b[0] * x + b[1] * x1 + b[2] * x2 - a[1] * y1 - a[2] * y2;
    out[index] = y;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
  }
  return out;
}

/** Runs a biquad over the samples in place (the level's own filters). */
export function filterInPlace(samples: Float32Array, biquad: Biquad): Float32Array {
  samples.set(filter(samples, biquad));
  return samples;
}

const toLufs = (meanSquare: number) => -0.691 + 10 * Math.log10(meanSquare);

/**
 * Integrated loudness in LUFS, or -Infinity for silence. A signal shorter than one 400 ms block
 * is measured as one block (a short first phrase still gets a level).
 */
export function integratedLoudness(samples: Float32Array, sampleRate: number): number {
  const [shelf, highPass] = kWeightingFilters(sampleRate);
  const weighted = filter(Float32Array.from(filter(samples, shelf)), highPass);
  const block = Math.round(0.4 * sampleRate);
  const hop = Math.round(0.1 * sampleRate);
  const powers: number[] = [];
  if (weighted.length < block) {
    let sum = 0;
    for (const value of weighted) sum += value * value;
    if (weighted.length > 0) powers.push(sum / weighted.length);
  } else {
    // Running sum over the block, moved a hop at a time.
    for (let start = 0; start + block <= weighted.length; start += hop) {
      let sum = 0;
      for (let index = start; index < start + block; index += 1) sum += (weighted[index] ?? 0) ** 2;
      powers.push(sum / block);
    }
  }
  const absolute = powers.filter((power) => toLufs(power) > -70);
  if (absolute.length === 0) return Number.NEGATIVE_INFINITY;
  const ungated = absolute.reduce((total, power) => total + power, 0) / absolute.length;
  const relative = absolute.filter((power) => toLufs(power) > toLufs(ungated) - 10);
  return toLufs(relative.reduce((total, power) => total + power, 0) / relative.length);
}

/** Highest absolute sample value, in dBFS (0 is full scale). */
export function samplePeakDb(samples: Float32Array): number {
  let peak = 0;
  for (const value of samples) peak = Math.max(peak, Math.abs(value));
  return 20 * Math.log10(peak);
}

/** Oversampling of the true-peak meter (BS.1770-4 annex 2 asks for at least 4× at 48 kHz; more below it). */
const TRUE_PEAK_OVERSAMPLING = 4;
const TRUE_PEAK_TAPS_PER_PHASE = 16;

/** The interpolating filter's phases: Hann-windowed sinc, one row per fractional position 1/4, 2/4, 3/4. */
const truePeakPhases: Float64Array[] = Array.from({ length: TRUE_PEAK_OVERSAMPLING - 1 }, (_, phase) => {
  const fraction = (phase + 1) / TRUE_PEAK_OVERSAMPLING;
  const half = TRUE_PEAK_TAPS_PER_PHASE / 2;
  const taps = new Float64Array(TRUE_PEAK_TAPS_PER_PHASE);
  let sum = 0;
  for (let tap = 0; tap < TRUE_PEAK_TAPS_PER_PHASE; tap += 1) {
    // Tap k weighs sample n + k - half + 1 for the point n + fraction.
    const distance = tap - half + 1 - fraction;
    const sinc = distance === 0 ? 1 : Math.sin(Math.PI * distance) / (Math.PI * distance);
    const window = 0.5 + 0.5 * Math.cos((Math.PI * distance) / (half + 1));
    taps[tap] = sinc * window;
    sum += sinc * window;
  }
  return taps.map((value) => value / sum);
});

/**
 * Per sample, the largest magnitude the waveform reaches between it and the next one, estimated by
 * 4× oversampling (the sample itself and the three points interpolated after it). A decoder or a
 * DAC rebuilds that continuous waveform, so its peaks, not the samples', are what may clip.
 * Where both samples are under `floor` the sample's own magnitude is kept: a limiter asks only about
 * what comes near its ceiling, and band-limited speech does not overshoot its samples by 6 dB, so
 * it passes half its ceiling and saves most of the interpolation.
 */
export function truePeakMagnitudes(samples: Float32Array, floor = 0): Float32Array {
  const length = samples.length;
  const out = new Float32Array(length);
  const half = TRUE_PEAK_TAPS_PER_PHASE / 2;
  for (let index = 0; index < length; index += 1) {
    let peak = Math.abs(samples[index] ?? 0);
    if (peak < floor && Math.abs(samples[index + 1] ?? 0) < floor) {
      out[index] = peak;
      continue;
    }
    for (const taps of truePeakPhases) {
      let value = 0;
      for (let tap = 0; tap < TRUE_PEAK_TAPS_PER_PHASE; tap += 1) value += (taps[tap] ?? 0) * (samples[index + tap - half + 1] ?? 0);
      peak = Math.max(peak, Math.abs(value));
    }
    out[index] = peak;
  }
  return out;
}

/** True peak in dBTP: the highest magnitude of the 4× oversampled waveform. */
export function truePeakDb(samples: Float32Array): number {
  let peak = 0;
  for (const value of truePeakMagnitudes(samples)) peak = Math.max(peak, value);
  return 20 * Math.log10(peak);
}
