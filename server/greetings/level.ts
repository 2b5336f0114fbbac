import { filterInPlace, integratedLoudness, truePeakMagnitudes, type Biquad } from './loudness';

/**
 * One loudness for every voice in every language: each spoken piece is brought to the web target
 * of -16 LUFS integrated (EBU R128 / BS.1770 measure, as streaming platforms and podcasts use), and
 * its true peak (4× oversampled, BS.1770 annex 2) held under a ceiling, so that the MP3 as decoded
 * peaks at -1 dBTP at most.
 *
 * History: a sample-peak limiter 4.5 dB under full scale still let a decoded greeting reach -0.94
 * dBFS on some runs (#37.6): the MP3 encoder's low-pass (about 7.1 kHz at 16 kHz / 32 kbit/s, as
 * measured on decoded noise) rebuilt peaks between and above the limited samples. Now the piece is
 * first band-limited like the encoder (lowPassLikeEncoder below), then its true peak is limited,
 * so what the limiter holds down is the waveform the decoder will rebuild; the 3 dB between the
 * ceiling and -1 dBTP is for the codec's quantisation noise, which adds up to about 2 dB on the
 * low French voices (eSpeak varies run to run): at a -3 dBTP ceiling fr daniel decoded at -1.42
 * dBTP, at -3.5 fr bill at -1.50.
 */
export const loudnessTarget = { integratedLufs: -16, maxTruePeakDbtp: -1, ceilingDbtp: -4 } as const;

/** Where the MP3 encoder's low-pass starts to cut (LAME at 16 kHz, 32 kbit/s mono: flat to 7.0 kHz, -25 dB at 7.25 kHz). */
export const ENCODER_LOWPASS_HZ = 6900;

/**
 * The 32 kbit/s MP3 encoder's low-pass takes off highs that the K-weighting counts: decoded
 * greetings measure 0.4 to 0.5 LU under the PCM they were made from (17 voices, en and fr). Pieces
 * are levelled that much higher, so what the listener decodes sits on the target.
 */
const MP3_LOSS_LU = 0.45;

/** Quiet pieces are raised at most this much (a whisper is not made a shout), loud ones lowered freely. */
const MAX_BOOST_DB = 30;
const MIN_GAIN_DB = -30;

/**
 * Brings a piece (a sentence or two) to the target loudness with its true peak under the ceiling,
 * after band-limiting it as the encoder will; works in place.
 */
export function levelPiece(samples: Float32Array, sampleRate: number): Float32Array {
  const target = loudnessTarget.integratedLufs + MP3_LOSS_LU;
  const ceiling = 10 ** (loudnessTarget.ceilingDbtp / 20);
  lowPassLikeEncoder(samples, sampleRate);
  let loudness = integratedLoudness(samples, sampleRate);
  // Limiting takes some loudness off the peaks (several dB for a low, peaky voice raised a lot):
  // each further pass scales its correction by how much the last one actually moved the level.
  let efficiency = 1;
  for (let pass = 0; pass < 6 && Number.isFinite(loudness); pass += 1) {
    const wanted = target - loudness;
    if (Math.abs(wanted) < 0.05) break;
    const gainDb = Math.min(MAX_BOOST_DB, Math.max(MIN_GAIN_DB, wanted / efficiency));
    const gain = 10 ** (gainDb / 20);
    for (let index = 0; index < samples.length; index += 1) samples[index] = (samples[index] ?? 0) * gain;
    limit(samples, sampleRate, ceiling);
    const before = loudness;
    loudness = integratedLoudness(samples, sampleRate);
    efficiency = Math.min(1, Math.max(0.2, (loudness - before) / gainDb));
  }
  return samples;
}

/**
 * A 4th-order Butterworth low-pass at the encoder's band edge, run forwards then backwards (no
 * phase shift, so the peaks it leaves are where the speech has them); works in place.
 */
export function lowPassLikeEncoder(samples: Float32Array, sampleRate: number): Float32Array {
  const cutoff = Math.min(ENCODER_LOWPASS_HZ, sampleRate * 0.45);
  const sections = [0.5411961, 1.3065630].map((inverseQ) => butterworthSection(cutoff, sampleRate, 1 / inverseQ));
  for (const section of sections) filterInPlace(samples, section);
  samples.reverse();
  for (const section of sections) filterInPlace(samples, section);
  samples.reverse();
  return samples;
}

/** One second-order low-pass section (RBJ cookbook) of quality `q`. */
function butterworthSection(cutoff: number, sampleRate: number, q: number): Biquad {
  const w = (2 * Math.PI * cutoff) / sampleRate;
  const alpha = Math.sin(w) / (2 * q);
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  return { b: [(1 - cos) / 2 / a0, (1 - cos) / a0, (1 - cos) / 2 / a0], a: [1, (-2 * cos) / a0, (1 - alpha) / a0] };
}

/**
 * Look-ahead true-peak limiter: the gain needed at each sample (from the 4× oversampled waveform
 * around it) is the smallest over ±3 ms around it,
 * averaged over ±1.5 ms (so it bends smoothly and is already down when a peak arrives, never
 * clipping), and recovers over about 60 ms. A hard clip or an instant gain change would crackle.
 */
export function limit(samples: Float32Array, sampleRate: number, ceiling: number): Float32Array {
  const reach = Math.max(1, Math.round(0.003 * sampleRate));
  const smooth = Math.max(1, Math.round(reach / 2));
  const length = samples.length;
  const needed = new Float32Array(length);
  const peaks = truePeakMagnitudes(samples, ceiling / 2);
  let loud = false;
  for (let index = 0; index < length; index += 1) {
    const magnitude = peaks[index] ?? 0;
    needed[index] = magnitude > ceiling ? ceiling / magnitude : 1;
    if (magnitude > ceiling) loud = true;
  }
  if (!loud) return samples;
  const windowMin = slidingMin(needed, reach);
  const release = 1 - Math.exp(-1 / (0.06 * sampleRate));
  let gain = 1;
  let sum = 0;
  // Moving average of windowMin over [index - smooth, index + smooth].
  for (let index = 0; index <= Math.min(length - 1, smooth); index += 1) sum += windowMin[index] ?? 1;
  let count = Math.min(length, smooth + 1);
  for (let index = 0; index < length; index += 1) {
    const average = sum / count;
    gain = Math.min(average, gain + (1 - gain) * release);
    samples[index] = (samples[index] ?? 0) * gain;
    const entering = index + smooth + 1;
    const leaving = index - smooth;
    if (entering < length) {
      sum += windowMin[entering] ?? 1;
      count += 1;
    }
    if (leaving >= 0) {
      sum -= windowMin[leaving] ?? 1;
      count -= 1;
    }
  }
  return samples;
}

/** Minimum over [index - reach, index + reach], in linear time (a monotonic queue). */
function slidingMin(values: Float32Array, reach: number): Float32Array {
  const length = values.length;
  const out = new Float32Array(length);
  const queue = new Int32Array(length);
  let head = 0;
  let tail = 0;
  let next = 0;
  for (let index = 0; index < length; index += 1) {
    for (; next < length && next <= index + reach; next += 1) {
      while (tail > head && (values[queue[tail - 1] ?? 0] ?? 1) >= (values[next] ?? 1)) tail -= 1;
      queue[tail] = next;
      tail += 1;
    }
    while ((queue[head] ?? 0) < index - reach) head += 1;
    out[index] = values[queue[head] ?? 0] ?? 1;
  }
  return out;
}
