import { integratedLoudness } from './loudness';

/**
 * One loudness for every voice in every language: each spoken piece is brought to the web target
 * of -16 LUFS integrated (EBU R128 / BS.1770 measure, as streaming platforms and podcasts use), then
 * a look-ahead limiter keeps its samples 4 dB under full scale, so that the MP3 as decoded peaks at
 * -1 dBFS at most: the encoder's filters overshoot the PCM's peak by up to about 2.2 dB on the low
 * voices (measured over repeated runs; eSpeak's output differs a little from run to run). A 2.5 dB
 * ceiling let one run in three peak at -0.8 dBFS; at 4 dB the loudest of 4 runs × 34 greetings
 * peaked at -2.0 dBFS and every one measured -16 ± 0.2 LUFS; then a CI run (two greetings per
 * thread, the first clause levelled alone) saw -0.89 dBFS on the lowest voice: 4.5 dB (loudest of
 * 3 runs -2.3 dBFS, -16 ± 0.2 LUFS).
 */
export const loudnessTarget = { integratedLufs: -16, maxPeakDbfs: -1, ceilingDbfs: -4.5 } as const;

/**
 * The 32 kbit/s MP3 encoder's low-pass takes off highs that the K-weighting counts: decoded
 * greetings measure 0.4 to 0.5 LU under the PCM they were made from (17 voices, en and fr). Pieces
 * are levelled that much higher, so what the listener decodes sits on the target.
 */
const MP3_LOSS_LU = 0.45;

/** Quiet pieces are raised at most this much (a whisper is not made a shout), loud ones lowered freely. */
const MAX_BOOST_DB = 30;
const MIN_GAIN_DB = -30;

/** Brings a piece (a sentence or two) to the target loudness and under the ceiling; works in place. */
export function levelPiece(samples: Float32Array, sampleRate: number): Float32Array {
  const target = loudnessTarget.integratedLufs + MP3_LOSS_LU;
  const ceiling = 10 ** (loudnessTarget.ceilingDbfs / 20);
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
 * Look-ahead peak limiter: the gain needed at each sample is the smallest over ±3 ms around it,
 * averaged over ±1.5 ms (so it bends smoothly and is already down when a peak arrives, never
 * clipping), and recovers over about 60 ms. A hard clip or an instant gain change would crackle.
 */
export function limit(samples: Float32Array, sampleRate: number, ceiling: number): Float32Array {
  const reach = Math.max(1, Math.round(0.003 * sampleRate));
  const smooth = Math.max(1, Math.round(reach / 2));
  const length = samples.length;
  const needed = new Float32Array(length);
  let loud = false;
  for (let index = 0; index < length; index += 1) {
    const magnitude = Math.abs(samples[index] ?? 0);
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
