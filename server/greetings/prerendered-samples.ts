import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../config/project-root';
import type { Mp3Audio } from './audio-job';
import { mp3Settings } from './mp3';

/**
 * The voice samples rendered when the server is built (`npm run build:server` runs
 * scripts/prerender-greeting-samples.ts): one MP3 per voice and language, named by its greeting id
 * (a hash of engine version, language, voice and spoken text), so a file made by another engine or
 * other presets is simply never found. A fresh server answers the first "Try Aria's example" from
 * here in milliseconds instead of starting a speech thread and making 10 s of speech (1.7–2.4 s,
 * #40.4). Without the folder (tests from sources, a build without it) samples are made on demand.
 */
export function prerenderedSamplesDir(): string {
  return join(projectRoot(), 'dist', 'server', 'greeting-samples');
}

/** Reads a prerendered sample by id (once: the service keeps it pinned afterwards). */
export function prerenderedSamples(dir: string = prerenderedSamplesDir()): (id: string) => Mp3Audio | undefined {
  return (id) => {
    // Ids are base64url; anything else never names a file.
    if (!/^[A-Za-z0-9_-]{32}$/.test(id)) return undefined;
    const file = join(dir, `${id}.mp3`);
    if (!existsSync(file)) return undefined;
    const mp3 = readFileSync(file);
    // Constant bit rate: the length gives the duration.
    return { mp3, durationSeconds: Math.round(((mp3.length * 8) / (mp3Settings.bitrate * 1000)) * 100) / 100 };
  };
}
