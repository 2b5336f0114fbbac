import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../server/config/project-root';

/**
 * Every text a page shows in English has its French, with the same values filled in. A missing
 * French key would quietly show the English one (fallback en), and a browser test that runs a flow in
 * one language only (#40.3: one test per behaviour, not per language) would not see it.
 */
type Tree = { [key: string]: string | Tree };

const dir = (lng: string) => join(projectRoot(), 'locales', lng);
const load = (lng: string, file: string) => JSON.parse(readFileSync(join(dir(lng), file), 'utf8')) as Tree;

/** Every text's dotted key with its value. */
function texts(tree: Tree, prefix = ''): Map<string, string> {
  return new Map(Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as const] : [...texts(value, `${prefix}${key}.`)])));
}

// French has a plural form English does not (`_many`, CLDR's for large round numbers); i18next picks it when it is there.
const pluralOnlyFrench = /_many$/;
const placeholders = (value: string) => [...new Set([...value.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]))].sort();

describe('the locale files (locales/en, locales/fr)', () => {
  const files = readdirSync(dir('en')).filter((name) => name.endsWith('.json'));

  it('have the same files in both languages', () => {
    expect(readdirSync(dir('fr')).filter((name) => name.endsWith('.json')).sort()).toEqual([...files].sort());
  });

  for (const file of files) {
    it(`${file}: every English text has its French, with the same values to fill in, and nothing French is left without English`, () => {
      const en = texts(load('en', file));
      const fr = texts(load('fr', file));
      expect([...en.keys()].filter((key) => !fr.has(key)), 'missing in French').toEqual([]);
      expect([...fr.keys()].filter((key) => !en.has(key) && !pluralOnlyFrench.test(key)), 'only in French').toEqual([]);
      const differing = [...en].filter(([key, value]) => fr.has(key) && placeholders(value).join() !== placeholders(fr.get(key)!).join()).map(([key]) => key);
      expect(differing, 'other values to fill in').toEqual([]);
    });
  }
});
