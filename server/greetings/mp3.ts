import { createMp3Encoder, type WasmMediaEncoder } from 'wasm-media-encoders';

/** Web audio: 16 kHz mono MP3 at 32 kbit/s, about 4 kB per second of speech (fit for a phone network). */
export const mp3Settings = { sampleRate: 16_000, bitrate: 32 } as const;

/**
 * LAME compiled to WebAssembly: about 5 times faster than the pure-JS lamejs port on this machine
 * (50 ms instead of 250 ms for 14 s of speech), which is what keeps a whole greeting under budget.
 * A thread may make two greetings at once (their pieces interleave, so each one's first sentence
 * is heard early), so encoders are pooled per thread: each greeting has its own while it lasts.
 */
const idleEncoders: WasmMediaEncoder<'audio/mpeg'>[] = [];

async function takeEncoder(): Promise<WasmMediaEncoder<'audio/mpeg'>> {
  return idleEncoders.pop() ?? createMp3Encoder();
}

export async function warmMp3Encoder(): Promise<void> {
  idleEncoders.push(await takeEncoder());
}

/** Streaming encoder: `encode` may return nothing until LAME has a whole frame. */
export class Mp3Stream {
  private constructor(private readonly encoder: WasmMediaEncoder<'audio/mpeg'>) {}

  static async open(): Promise<Mp3Stream> {
    const encoder = await takeEncoder();
    encoder.configure({ channels: 1, sampleRate: mp3Settings.sampleRate, bitrate: mp3Settings.bitrate });
    return new Mp3Stream(encoder);
  }

  encode(samples: Float32Array): Uint8Array {
    if (samples.length === 0) return new Uint8Array(0);
    // The returned view belongs to the encoder's memory and is overwritten by the next call: copy.
    return this.encoder.encode([samples]).slice();
  }

  /** The last frames; the encoder goes back to the pool (a greeting that failed just drops its own). */
  finish(): Uint8Array {
    const last = this.encoder.finalize().slice();
    idleEncoders.push(this.encoder);
    return last;
  }
}
