import { createRequire } from 'node:module';
import type * as AlawMulaw from 'alawmulaw';
import { floatToInt16, resample } from './dsp';

// alawmulaw ships a UMD bundle whose exports Node's ESM loader cannot name; load it as CommonJS.
const { mulaw } = createRequire(import.meta.url)('alawmulaw') as typeof AlawMulaw;

/** Phone systems take voicemail greetings as 8 kHz mono G.711 µ-law WAV. */
export const phoneWavSettings = { sampleRate: 8_000 } as const;

/**
 * Builds the phone-system download: band-limits and decimates to 8 kHz, encodes G.711 µ-law and
 * wraps it in a RIFF header (format tag 7 with the `fact` chunk that non-PCM WAV files carry).
 */
export function encodePhoneWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const narrow = floatToInt16(resample(samples, sampleRate, phoneWavSettings.sampleRate));
  const law = mulaw.encode(narrow);
  return wrapMuLaw(law, phoneWavSettings.sampleRate);
}

export function wrapMuLaw(law: Uint8Array, sampleRate: number): Uint8Array {
  const headerSize = 12 + 8 + 18 + 8 + 4 + 8;
  const padded = law.length + (law.length & 1);
  const out = new Uint8Array(headerSize + padded);
  const view = new DataView(out.buffer);
  let offset = 0;
  const tag = (text: string) => {
    for (let index = 0; index < 4; index += 1) view.setUint8(offset + index, text.charCodeAt(index));
    offset += 4;
  };
  const u32 = (value: number) => {
    view.setUint32(offset, value, true);
    offset += 4;
  };
  const u16 = (value: number) => {
    view.setUint16(offset, value, true);
    offset += 2;
  };
  tag('RIFF');
  u32(out.length - 8);
  tag('WAVE');
  tag('fmt ');
  u32(18);
  u16(7); // WAVE_FORMAT_MULAW
  u16(1); // mono
  u32(sampleRate);
  u32(sampleRate); // bytes per second: one byte per sample
  u16(1); // block align
  u16(8); // bits per sample
  u16(0); // no extension
  tag('fact');
  u32(4);
  u32(law.length);
  tag('data');
  u32(law.length);
  out.set(law, offset);
  return out;
}
