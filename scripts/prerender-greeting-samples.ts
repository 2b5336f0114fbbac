/**
 * Run by `npm run build:server`: renders every voice's sample (17 voices × en, fr) with the offline
 * engine into dist/server/greeting-samples/<greeting id>.mp3, where the server finds them
 * (server/greetings/prerendered-samples.ts), so the first sample a visitor plays on a fresh server
 * starts at once (#40.4). Rendered files are kept in node_modules/.cache/ringwise-greeting-samples
 * by id: a rebuild renders only what a new engine version or preset changed (none, usually).
 * GREETINGS_PRERENDER=0 skips it (the server then makes samples on demand, as before).
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { greetingLanguages, voiceNames } from '../core/contracts/greetings';
import { projectRoot } from '../server/config/project-root';
import { LocalSynthesizer } from '../server/greetings/local-synthesizer';
import { normalizeForSpeech } from '../server/greetings/normalize';
import { prerenderedSamplesDir } from '../server/greetings/prerendered-samples';
import { sampleScript } from '../server/greetings/samples';
import { greetingId } from '../server/greetings/service';

if (process.env.GREETINGS_PRERENDER === '0') {
  console.log('voice samples: not prerendered (GREETINGS_PRERENDER=0)');
  process.exit(0);
}

const cacheDir = join(projectRoot(), 'node_modules', '.cache', 'ringwise-greeting-samples');
const outDir = prerenderedSamplesDir();
mkdirSync(cacheDir, { recursive: true });
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

// A build on a busy machine: the engine's 30 s limit per greeting is for visitors, not for this.
const synthesizer = new LocalSynthesizer({ threads: 2, timeoutMs: 600_000 });
const started = performance.now();
let rendered = 0;
try {
  const recipes = voiceNames.flatMap((voice) => greetingLanguages.map((lang) => ({ voice, lang, spoken: normalizeForSpeech(sampleScript(voice, lang), lang) })));
  // Two at a time: one per speech thread.
  const queue = [...recipes];
  await Promise.all(
    [0, 1].map(async () => {
      for (let recipe = queue.shift(); recipe; recipe = queue.shift()) {
        const id = greetingId(synthesizer.id, recipe, recipe.spoken);
        const cached = join(cacheDir, `${id}.mp3`);
        if (!existsSync(cached)) {
          const pieces: Uint8Array[] = [];
          await synthesizer.synthesize({ text: recipe.spoken, lang: recipe.lang, voice: recipe.voice }, { write: (bytes) => pieces.push(bytes), end: () => undefined });
          writeFileSync(cached, Buffer.concat(pieces));
          rendered += 1;
        }
        copyFileSync(cached, join(outDir, `${id}.mp3`));
      }
    }),
  );
  console.log(`voice samples: ${recipes.length} in dist/server/greeting-samples (${rendered} rendered, ${recipes.length - rendered} from the cache) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await synthesizer.close();
}
