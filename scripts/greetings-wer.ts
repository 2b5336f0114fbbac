/**
 * `npm run greetings:wer [-- --against REV] [--search] [--voices aria,george] [--greetings 20]`: how intelligible the
 * offline English voices are. Each voice speaks 20 of the sample greetings (filled in, normalised as
 * the API does); pocketsphinx (CMU Sphinx, from Debian) writes down what it hears; the word error
 * rate (WER) against what was meant is printed per voice. `--against REV` also measures the presets
 * of an earlier git revision (server/greetings/voices.ts there), side by side. `--search` tries
 * variations of each preset (slower, nearer the engine's own vocal tract, another Flite voice).
 *
 * A measurement, not a test: CI machines need not have pocketsphinx. It says so and exits 2 when
 * pocketsphinx_continuous or its US English model is missing (Debian: apt-get install pocketsphinx
 * pocketsphinx-en-us). French is not measured: Debian ships no French model for pocketsphinx.
 */
import { execFile } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { MessageChannel } from 'node:worker_threads';
import { MPEGDecoder } from 'mpg123-decoder';
import { voiceNames, type VoiceName } from '../core/contracts/greetings';
import { fillTemplate } from '../machines/generator.machine';
import { normalizeForSpeech } from '../server/greetings/normalize';
import synthesize, { type SynthesisMessage } from '../server/greetings/synth.worker';
import { voicePresets, type FlitePreset, type VoicePreset } from '../server/greetings/voices';
import { fliteVoices } from '../server/greetings/engines/flite';

const run = promisify(execFile);
const MODEL = '/usr/share/pocketsphinx/model/en-us';

const { values } = parseArgs({ options: { search: { type: 'boolean', default: false }, against: { type: 'string' }, voices: { type: 'string' }, greetings: { type: 'string', default: '20' } } });
/** pocketsphinx runs at once (each one is single-threaded). */
const PARALLEL = Number(process.env.WER_PARALLEL ?? 3);

/** The presets of an earlier revision: its voices.ts, loaded from a temporary copy (its imports are types only). */
async function presetsAt(revision: string, folder: string): Promise<Record<VoiceName, VoicePreset>> {
  const file = join(folder, 'voices-before.ts');
  writeFileSync(file, execFileSync('git', ['show', `${revision}:server/greetings/voices.ts`], { encoding: 'utf8' }));
  return ((await import(file)) as { voicePresets: Record<VoiceName, VoicePreset> }).voicePresets;
}

async function hasPocketsphinx(): Promise<boolean> {
  try {
    await run('pocketsphinx_continuous', ['-h'], { timeout: 10_000 }).catch((error: { stderr?: string }) => {
      // It prints its options and exits non-zero on -h; only a missing binary is fatal.
      if (!error.stderr) throw error;
    });
    return existsSync(join(MODEL, 'en-us.lm.bin'));
  } catch {
    return false;
  }
}

/** The first N sample greetings spread over the 7 groups, filled in as a visitor would. */
function greetings(count: number): string[] {
  const templates = (JSON.parse(readFileSync('locales/en/voice.json', 'utf8')) as { templates: Record<string, string> }).templates;
  const fields = { company: 'Summit Builders', name: 'Alex', emergency: '555-123-4567', season: 'spring' };
  const indexes = Array.from({ length: 41 }, (_, index) => index + 1).sort((a, b) => (a % 2) - (b % 2) || a - b);
  return indexes.slice(0, count).map((index) => normalizeForSpeech(fillTemplate(templates[String(index)] ?? '', fields), 'en'));
}

const decoder = new MPEGDecoder();

/** The greeting as a listener gets it: the worker's MP3, decoded to 16 kHz 16-bit PCM WAV. */
async function speakToWav(text: string, preset: FlitePreset, file: string): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  const pieces: Uint8Array[] = [];
  port1.on('message', (message: SynthesisMessage) => {
    if (message.type === 'mp3') pieces.push(message.bytes);
  });
  await synthesize({ text, preset, port: port2 });
  // Let the last messages arrive.
  await new Promise((resolve) => setImmediate(resolve));
  port1.close();
  await decoder.ready;
  await decoder.reset();
  const decoded = decoder.decode(Buffer.concat(pieces));
  const samples = decoded.channelData[0] ?? new Float32Array(0);
  const wav = Buffer.alloc(44 + samples.length * 2);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + samples.length * 2, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(decoded.sampleRate, 24);
  wav.writeUInt32LE(decoded.sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(samples.length * 2, 40);
  for (let index = 0; index < samples.length; index += 1) wav.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round((samples[index] ?? 0) * 32767))), 44 + index * 2);
  writeFileSync(file, wav);
}

async function recognise(file: string): Promise<string> {
  const { stdout } = await run('pocketsphinx_continuous', ['-infile', file, '-hmm', join(MODEL, 'en-us'), '-lm', join(MODEL, 'en-us.lm.bin'), '-dict', join(MODEL, 'cmudict-en-us.dict'), '-logfn', '/dev/null'], { timeout: 120_000 });
  return stdout.replace(/\s+/g, ' ').trim();
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Word-level edit distance: substitutions, insertions and deletions. */
function errors(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let i = 1; i <= reference.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j += 1) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[hypothesis.length] ?? 0;
}

/** WER of one preset over the greetings, recognising a few files at a time. */
async function wordErrorRate(preset: FlitePreset, texts: readonly string[], folder: string, label: string): Promise<number> {
  let wrong = 0;
  let total = 0;
  const files = texts.map((_, index) => join(folder, `${label}-${index}.wav`));
  for (const [index, text] of texts.entries()) await speakToWav(text, preset, files[index] ?? '');
  for (let start = 0; start < texts.length; start += PARALLEL) {
    const batch = texts.slice(start, start + PARALLEL);
    const heard = await Promise.all(batch.map((_, offset) => recognise(files[start + offset] ?? '')));
    batch.forEach((text, offset) => {
      const reference = words(text);
      wrong += errors(reference, words(heard[offset] ?? ''));
      total += reference.length;
    });
  }
  return wrong / total;
}

function variations(preset: FlitePreset): { name: string; preset: FlitePreset }[] {
  const out: { name: string; preset: FlitePreset }[] = [{ name: 'current', preset }];
  out.push({ name: 'slower', preset: { ...preset, rate: Math.round(preset.rate * 0.92 * 100) / 100 } });
  if (Math.abs(preset.tract - 1) > 0.02) out.push({ name: 'tract nearer 1', preset: { ...preset, tract: Math.round((1 + (preset.tract - 1) / 2) * 100) / 100 } });
  // Same pitch and size with another engine voice of the same kind (rms ignores the pitch settings).
  const female = (preset.pitchHz ?? 0) >= 160;
  for (const voice of fliteVoices.filter((name) => (female ? ['slt', 'kal16'] : ['kal16', 'rms', 'awb']).includes(name))) {
    if (voice !== preset.voice) out.push({ name: `voice ${voice}`, preset: { ...preset, voice } });
  }
  return out;
}

async function main(): Promise<void> {
  if (!(await hasPocketsphinx())) {
    console.error('pocketsphinx is not installed here, so intelligibility cannot be measured. On Debian: apt-get install pocketsphinx pocketsphinx-en-us');
    process.exit(2);
  }
  const count = Number(values.greetings);
  const texts = greetings(count);
  const chosen = (values.voices?.split(',') ?? [...voiceNames]) as VoiceName[];
  const folder = mkdtempSync(join(tmpdir(), 'greetings-wer-'));
  const wordCount = texts.reduce((sum, text) => sum + text.split(/\s+/).length, 0);
  console.log(`Word error rate of the offline English voices — pocketsphinx (en-us model), ${texts.length} greetings, ${wordCount} words per voice\n`);
  const rates: number[] = [];
  const earlier: number[] = [];
  const describe = (preset: FlitePreset) => `${preset.voice} rate ${preset.rate} tract ${preset.tract} pitch ${preset.pitchHz ?? 'model'}`;
  try {
    const before = values.against ? await presetsAt(values.against, folder) : undefined;
    for (const voice of chosen) {
      const preset = voicePresets[voice].presets.en;
      if (preset.engine !== 'flite') continue;
      const old = before?.[voice].presets.en;
      if (old?.engine === 'flite') {
        const [oldRate, rate] = [await wordErrorRate(old, texts, folder, `${voice}-before`), await wordErrorRate(preset, texts, folder, voice)];
        earlier.push(oldRate);
        rates.push(rate);
        console.log(`${voice.padEnd(10)} ${(oldRate * 100).toFixed(1).padStart(5)} % → ${(rate * 100).toFixed(1).padStart(5)} %   (${describe(old)} → ${describe(preset)})`);
        continue;
      }
      if (!values.search) {
        const rate = await wordErrorRate(preset, texts, folder, voice);
        rates.push(rate);
        console.log(`${voice.padEnd(10)} ${(rate * 100).toFixed(1).padStart(5)} %   ${describe(preset)}`);
        continue;
      }
      const tried: string[] = [];
      let best = { name: '', rate: 1, preset };
      for (const candidate of variations(preset)) {
        const rate = await wordErrorRate(candidate.preset, texts, folder, `${voice}-${candidate.name.replace(/\s/g, '_')}`);
        tried.push(`${candidate.name} ${(rate * 100).toFixed(1)} %`);
        if (rate < best.rate) best = { name: candidate.name, rate, preset: candidate.preset };
      }
      rates.push(best.rate);
      console.log(`${voice.padEnd(10)} best: ${best.name} ${(best.rate * 100).toFixed(1)} % (${JSON.stringify({ voice: best.preset.voice, rate: best.preset.rate, tract: best.preset.tract })}); tried ${tried.join(', ')}`);
    }
    const mean = (list: number[]) => list.reduce((sum, rate) => sum + rate, 0) / Math.max(1, list.length);
    if (earlier.length > 0) console.log(`\nmean WER over ${rates.length} voices: ${(mean(earlier) * 100).toFixed(1)} % at ${values.against} → ${(mean(rates) * 100).toFixed(1)} % now`);
    else console.log(`\nmean WER over ${rates.length} voices: ${(mean(rates) * 100).toFixed(1)} %`);
  } finally {
    decoder.free();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
