import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { languages } from '../core/routes/languages.ts';
import { paths, type PathName } from '../core/routes/paths.ts';
import { startNamespaces } from '../src/app/route-texts.ts';

/** The table of start-up text modules (src/app/start-texts.ts imports it). */
export const START_TEXTS = 'virtual:start-texts';
const PART = `${START_TEXTS}/`;

/** Every set of namespaces a page starts with ('common' and its own), once each. */
function namespaceSets(): string[][] {
  const names = (Object.keys(paths) as PathName[]).filter((name) => name !== 'root');
  return [...new Map(names.map((name) => [...startNamespaces(name)]).map((set) => [set.join('-'), set])).values()];
}

/**
 * A page the server sends without its texts (every page but the prerendered ones) starts with its
 * namespaces in one module per language and set, `virtual:start-texts/<lng>/<ns>-<ns>…`, instead of
 * one request per namespace: the account page's five were a wave of the six connections HTTP/1.1
 * gives a page, ahead of its reads (docs/performance.md). The namespaces' files stay the one home
 * of the texts, read at build (and watched in development); i18next loads them one by one for a
 * page reached later (src/platform/i18n.ts). The copies cost the build bytes, not a visitor: a page
 * loads its set once, at start-up.
 */
export function startTexts(): Plugin {
  let root = process.cwd();
  return {
    name: 'ringwise-start-texts',
    configResolved(config) {
      root = config.root;
    },
    resolveId: (id) => (id === START_TEXTS || id.startsWith(PART) ? `\0${id}` : null),
    load(id) {
      if (id === `\0${START_TEXTS}`) {
        const sets = namespaceSets();
        const entries = languages.flatMap((lng) => sets.map((set) => `  ${JSON.stringify(`${lng}/${set.join('-')}`)}: () => import(${JSON.stringify(`${PART}${lng}/${set.join('-')}`)}),`));
        return `export const startTextLoaders = {\n${entries.join('\n')}\n};\n`;
      }
      if (!id.startsWith(`\0${PART}`)) return null;
      const [lng = '', set = ''] = id.slice(PART.length + 1).split('/');
      const texts = Object.fromEntries(
        set.split('-').map((namespace) => {
          const file = join(root, 'locales', lng, `${namespace}.json`);
          this.addWatchFile(file);
          return [namespace, JSON.parse(readFileSync(file, 'utf8')) as unknown];
        }),
      );
      // Parsed from a string: JSON.parse reads it faster than the engine reads an object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});\n`;
    },
  };
}
