import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../server/config/project-root';
import { localeTexts } from '../../helpers/locale-texts';

/**
 * Every text a page shows in English has its French, with the same values filled in. A missing
 * French key would quietly show the English one (fallback en), and a browser test that runs a flow in
 * one language only (#40.3: one test per behaviour, not per language) would not see it.
 */

const files = (lng: string) =>
  readdirSync(join(projectRoot(), 'locales', lng))
    .filter((name) => name.endsWith('.json'))
    .sort();

// French has a plural form English does not (`_many`, CLDR's for large round numbers); i18next picks it when it is there.
const pluralOnlyFrench = /_many$/;
const placeholders = (value: string) => [...new Set([...value.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]))].sort();

describe('the locale files (locales/en, locales/fr)', () => {
  it('have the same files in both languages', () => {
    expect(files('fr')).toEqual(files('en'));
  });

  // Keys as `file.key.path`, so a text missing from one language is named with its file.
  it('every English text has its French, with the same values to fill in, and nothing French is left without English', () => {
    const en = localeTexts('en');
    const fr = localeTexts('fr');
    expect([...en.keys()].filter((key) => !fr.has(key)), 'missing in French').toEqual([]);
    expect([...fr.keys()].filter((key) => !en.has(key) && !pluralOnlyFrench.test(key)), 'only in French').toEqual([]);
    const differing = [...en].filter(([key, value]) => fr.has(key) && placeholders(value).join() !== placeholders(fr.get(key)!).join()).map(([key]) => key);
    expect(differing, 'other values to fill in').toEqual([]);
  });
});
