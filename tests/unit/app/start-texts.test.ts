import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { languages } from '../../../core/routes/languages';
import { paths, type PathName } from '../../../core/routes/paths';
import { startNamespaces } from '../../../src/app/route-texts';
import { START_TEXTS, startTexts } from '../../../scripts/vite-start-texts';

const root = join(__dirname, '..', '..', '..');

/** The plugin's hooks called as Vite calls them (object hooks are functions here). */
function plugin() {
  const made = startTexts() as Plugin & { configResolved: (config: { root: string }) => void; resolveId: (id: string) => string | null; load: (this: { addWatchFile: (file: string) => void }, id: string) => string | null };
  made.configResolved({ root });
  const watched: string[] = [];
  const load = (id: string) => made.load.call({ addWatchFile: (file) => watched.push(file) }, made.resolveId(id) ?? id);
  return { made, load, watched };
}

/**
 * A page sent without its texts starts with them in one request (scripts/vite-start-texts.ts): a
 * module per language and set of namespaces, made from the namespaces' own files.
 */
describe('the start-up texts', () => {
  it("has a loader for every page's set in every language", () => {
    const table = plugin().load(START_TEXTS) ?? '';
    for (const name of (Object.keys(paths) as PathName[]).filter((each) => each !== 'root')) {
      for (const lng of languages) {
        const key = `${lng}/${startNamespaces(name).join('-')}`;
        expect(table, `${name} in ${lng}`).toContain(`${JSON.stringify(key)}: () => import(${JSON.stringify(`${START_TEXTS}/${key}`)})`);
      }
    }
    expect(startNamespaces('account')).toEqual(['common', 'account', 'auth', 'social', 'passkeys']);
  });

  it("holds each namespace's file as it is, and watches the files", () => {
    const { load, watched } = plugin();
    const code = load(`${START_TEXTS}/fr/common-account-auth`) ?? '';
    const texts = JSON.parse(JSON.parse(/^export default JSON\.parse\((".*")\);$/m.exec(code)?.[1] ?? '""') as string) as Record<string, unknown>;
    const file = (ns: string) => join(root, 'locales', 'fr', `${ns}.json`);
    expect(texts).toEqual(Object.fromEntries(['common', 'account', 'auth'].map((ns) => [ns, JSON.parse(readFileSync(file(ns), 'utf8'))])));
    expect(watched).toEqual(['common', 'account', 'auth'].map(file));
    // Not its module: left to Vite.
    expect(load('./elsewhere.ts')).toBeNull();
  });
});
