/** Small signal-processing helpers for the synthesis worker: sample formats, resampling, trimming (levels: level.ts). */

export function int16ToFloat(samples: Int16Array, gain = 1): Float32Array {
  const out = new Float32Array(samples.length);
  const scale = gain / 32768;
  for (let index = 0; index < samples.length; index += 1) out[index] = (samples[index] ?? 0) * scale;
  return out;
}

export function floatToInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index += 1) {
    const value = samples[index] ?? 0;
    out[index] = value >= 1 ? 32767 : value <= -1 ? -32768 : Math.round(value * 32767);
  }
  return out;
}

/**
 * Cuts leading and trailing near-silence, keeping a little of it so sentences still breathe.
 * Engines pad every utterance with up to 300 ms of silence; trimming the first one is what makes
 * the first audible sound arrive early.
 */
export function trimSilence(samples: Int16Array, sampleRate: number, keepLeadMs: number, keepTailMs: number): Int16Array {
  const threshold = 300; // about -40 dBFS
  let start = 0;
  while (start < samples.length && Math.abs(samples[start] ?? 0) < threshold) start += 1;
  let end = samples.length;
  while (end > start && Math.abs(samples[end - 1] ?? 0) < threshold) end -= 1;
  if (start >= end) return samples.subarray(0, 0);
  const lead = Math.round((keepLeadMs / 1000) * sampleRate);
  const tail = Math.round((keepTailMs / 1000) * sampleRate);
  return samples.subarray(Math.max(0, start - lead), Math.min(samples.length, end + tail));
}

export function concatFloat(parts: readonly Float32Array[]): Float32Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Float32Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const HALF_TAPS = 8;
const TABLE_STEPS = 256;

/**
 * A streaming band-limited (windowed-sinc) resampler for any rate ratio, so blocks can be pushed as
 * the engine makes them without clicks at block edges. Also the "vocal tract" shift: telling it the
 * input ran at `rate × k` moves pitch and formants together by k.
 */
export class StreamResampler {
  private readonly step: number;
  private readonly cutoff: number;
  private readonly halfWidth: number;
  private readonly kernel: Float32Array;
  private buffer = new Float32Array(0);
  /** Position of the next output sample, in input samples from the start of `buffer`. */
  private position: number;

  constructor(
    readonly inputRate: number,
    readonly outputRate: number,
  ) {
    this.step = inputRate / outputRate;
    // Below the lower Nyquist frequency, with a margin for the window's transition band.
    this.cutoff = Math.min(1, outputRate / inputRate) * 0.92;
    this.halfWidth = Math.ceil(HALF_TAPS / this.cutoff);
    this.kernel = buildKernel(this.halfWidth, this.cutoff);
    // Start with silence on the left so the first samples have a full history.
    this.buffer = new Float32Array(this.halfWidth);
    this.position = this.halfWidth;
  }

  push(input: Float32Array): Float32Array {
    if (this.step === 1 && this.buffer.length === this.halfWidth && this.position === this.halfWidth) {
      // Same rate: no filtering needed, but keep the (silent) history shape for later pushes.
      return input.slice();
    }
    const joined = new Float32Array(this.buffer.length + input.length);
    joined.set(this.buffer);
    joined.set(input, this.buffer.length);
    this.buffer = joined;
    return this.drain(false);
  }

  /** Pads the end with silence so the last input samples come out too. */
  flush(): Float32Array {
    if (this.step === 1) return new Float32Array(0);
    const joined = new Float32Array(this.buffer.length + this.halfWidth + 1);
    joined.set(this.buffer);
    this.buffer = joined;
    return this.drain(true);
  }

  private drain(final: boolean): Float32Array {
    const available = this.buffer.length - this.halfWidth - 1;
    const count = Math.max(0, Math.floor((available - this.position) / this.step) + 1);
    const out = new Float32Array(count);
    const scale = TABLE_STEPS * this.cutoff;
    for (let index = 0; index < count; index += 1) {
      const center = this.position;
      const base = Math.floor(center);
      let sum = 0;
      for (let tap = base - this.halfWidth + 1; tap <= base + this.halfWidth; tap += 1) {
        const distance = Math.abs(center - tap) * scale;
        const slot = Math.floor(distance);
        const fraction = distance - slot;
        const weight = (this.kernel[slot] ?? 0) * (1 - fraction) + (this.kernel[slot + 1] ?? 0) * fraction;
        sum += (this.buffer[tap] ?? 0) * weight;
      }
      out[index] = sum;
      this.position += this.step;
    }
    if (!final) {
      // Keep only the history the next output sample still needs.
      const keepFrom = Math.max(0, Math.floor(this.position) - this.halfWidth);
      this.buffer = this.buffer.slice(keepFrom);
      this.position -= keepFrom;
    }
    return out;
  }
}

/** sinc × Blackman window, tabulated in steps of 1/TABLE_STEPS of a (cutoff-scaled) sample. */
function buildKernel(halfWidth: number, cutoff: number): Float32Array {
  const span = halfWidth * cutoff;
  const size = Math.ceil(span * TABLE_STEPS) + 2;
  const table = new Float32Array(size);
  for (let index = 0; index < size; index += 1) {
    const x = index / TABLE_STEPS; // in cutoff-scaled samples
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const ratio = Math.min(1, x / span);
    const window = 0.42 + 0.5 * Math.cos(Math.PI * ratio) + 0.08 * Math.cos(2 * Math.PI * ratio);
    table[index] = cutoff * sinc * window;
  }
  return table;
}

/** One-shot resampling of a whole signal. */
export function resample(samples: Float32Array, inputRate: number, outputRate: number): Float32Array {
  if (inputRate === outputRate) return samples.slice();
  const resampler = new StreamResampler(inputRate, outputRate);
  return concatFloat([resampler.push(samples), resampler.flush()]);
}
