import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPlaceholders, voiceNames } from '../../../core/contracts/greetings';
import { fillTemplate, placeholderFields } from '../../../machines/generator.machine';
import { normalizeForSpeech } from '../../../server/greetings/normalize';
import { templateCount, templateGroups } from '../../../src/features/voice-generator/templates';

type Tree = { [key: string]: string | Tree };
const load = (lng: 'en' | 'fr') => JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'locales', lng, 'voice.json'), 'utf8')) as Tree;
const locales = { en: load('en'), fr: load('fr') };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
}

describe('voice generator texts (locales/*/voice.json)', () => {
  it('have the same keys in en and fr', () => {
    expect(keys(locales.fr).sort()).toEqual(keys(locales.en).sort());
  });

  it('hold the 41 templates in 7 groups covering 1 to 41', () => {
    const covered = templateGroups.flatMap((group) => Array.from({ length: group.last - group.first + 1 }, (_, offset) => group.first + offset));
    expect(covered).toEqual(Array.from({ length: templateCount }, (_, index) => index + 1));
    expect(templateGroups).toHaveLength(7);
    for (const lng of ['en', 'fr'] as const) {
      const templates = locales[lng].templates as Record<string, string>;
      expect(Object.keys(templates)).toHaveLength(41);
      for (const group of templateGroups) expect(typeof (locales[lng].groups as Record<string, string>)[group.id]).toBe('string');
    }
  });

  it('use only the four placeholders, each of them somewhere, and stay speakable once filled', () => {
    for (const lng of ['en', 'fr'] as const) {
      const templates = Object.entries(locales[lng].templates as Record<string, string>);
      const used = new Set(templates.flatMap(([, text]) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1])));
      expect([...used].sort()).toEqual([...placeholderFields].sort());
      for (const [index, text] of templates) {
        const filled = fillTemplate(text, { company: 'Summit Builders', name: 'Alex', emergency: '555-123-4567', season: lng === 'fr' ? 'printemps' : 'spring' });
        expect(filled, `template ${index}`).not.toMatch(/[{}]/);
        expect(filled.length).toBeLessThanOrEqual(1000);
        expect(normalizeForSpeech(filled, lng).length).toBeGreaterThan(20);
      }
      // The seasonal group speaks of the season, the emergency group of the emergency number.
      for (const [index, text] of templates) {
        if (Number(index) >= 37) expect(text, `template ${index}`).toContain('{season}');
        if (Number(index) >= 22 && Number(index) <= 26) expect(text, `template ${index}`).toContain('{emergency}');
      }
    }
  });

  it('name the placeholders as the scripts show them, the same tokens in every language', () => {
    for (const lng of ['en', 'fr'] as const) {
      const fields = locales[lng].fields as Record<string, string>;
      for (const field of placeholderFields) expect(fields.hint, `${lng} fields.hint`).toContain(`{${field}}`);
      // Every brace in a template is one of the tokens (no translated "{entreprise}").
      for (const [index, text] of Object.entries(locales[lng].templates as Record<string, string>)) {
        for (const token of findPlaceholders(text)) expect(placeholderFields.map((field) => `{${field}}`), `${lng} template ${index}`).toContain(token);
      }
    }
  });

  it('describe every voice (for the avatars\u2019 alt text)', () => {
    for (const lng of ['en', 'fr'] as const) expect(Object.keys(locales[lng].voices as Tree).sort()).toEqual([...voiceNames].sort());
  });
});
