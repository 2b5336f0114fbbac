import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';
import { prerenderedDir } from '../server/spa/prerendered-pages.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
// A compressed copy is kept when it is this much smaller than the file: the response then carries
// `content-encoding` (and `vary`), about 40 bytes of headers. Small chunks gain too: a 500-byte
// component chunk is ~250 bytes in brotli, and a first visit loads a dozen chunks under 1 KB (#16).
const MIN_SAVING_BYTES = 64;
// What visitors load is packed as small as brotli can (quality 11). Source maps are 11 MB that only
// a developer's DevTools fetches: at quality 11 they took 15 CPU-s of every build (the other assets
// 6.5); at brotli 5 and gzip 6 they take ~1 s and come out ~10 % larger.
const ASSET_QUALITY = { brotli: 11, gzip: 9 };
const MAP_QUALITY = { brotli: 5, gzip: 6 };

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** Writes .br and .gz beside every text asset so the server sends them without compressing per request. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      // The prerendered pages are never served as files: the server writes the config into each and
      // compresses it once (server/spa/prerendered.ts).
      const prerendered = join(outDir, prerenderedDir);
      for await (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.startsWith(`${prerendered}/`)) continue;
        jobs.push(
          (async () => {
            const data = await readFile(file);
            const quality = file.endsWith('.map') ? MAP_QUALITY : ASSET_QUALITY;
            const [br, gzipped] = await Promise.all([brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality.brotli } }), gz(data, { level: quality.gzip })]);
            const worthIt = (copy: Buffer) => copy.length + MIN_SAVING_BYTES <= data.length;
            await Promise.all([worthIt(br) ? writeFile(`${file}.br`, br) : null, worthIt(gzipped) ? writeFile(`${file}.gz`, gzipped) : null]);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
