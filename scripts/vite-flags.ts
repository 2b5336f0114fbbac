import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { FLAGS_PATH } from '../src/ui/phone-input/flags.ts';

/**
 * Country flags as SVG images (flag-icons, MIT, 4:3), for the phone field's country picker: emoji
 * flags are two letters on Windows. Each country of the phone table gets `/flags/<code>.svg` (lower
 * case): written into the build, served from node_modules in development. No JavaScript carries
 * them: the page asks for the flags it shows (the list's lazily), about 0.2–0.6 KB each for most.
 */
const FLAG_DIR = join('node_modules', 'flag-icons', 'flags', '4x3');
/** Countries of the phone table flag-icons files under another name (Saint Helena's dependencies). */
const FILE_OF: Record<string, string> = { ac: 'sh-ac', ta: 'sh-ta' };

function countryCodes(root: string): string[] {
  const table = JSON.parse(readFileSync(join(root, 'src', 'lib', 'generated', 'country-table.json'), 'utf8')) as { countries: [string, ...unknown[]][] };
  return table.countries.map(([code]) => code.toLowerCase());
}

const flagFile = (root: string, code: string) => join(root, FLAG_DIR, `${FILE_OF[code] ?? code}.svg`);

export function flags(): Plugin {
  let root = process.cwd();
  return {
    name: 'ringwise-flags',
    configResolved(config) {
      root = config.root;
    },
    generateBundle() {
      for (const code of countryCodes(root)) this.emitFile({ type: 'asset', fileName: `${FLAGS_PATH.slice(1)}${code}.svg`, source: readFileSync(flagFile(root, code)) });
    },
    configureServer(server) {
      const codes = new Set(countryCodes(root));
      server.middlewares.use(FLAGS_PATH, (request, response, next) => {
        const code = /^\/([a-z]{2})\.svg$/.exec(request.url ?? '')?.[1];
        if (!code || !codes.has(code)) return next();
        response.setHeader('content-type', 'image/svg+xml');
        response.end(readFileSync(flagFile(root, code)));
      });
    },
  };
}
