import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../server/config/project-root';

/** Every text a reader sees in en, from every namespace (keys are code, not text). */
function englishTexts(): Array<{ where: string; text: string }> {
  const dir = join(projectRoot(), 'locales', 'en');
  const out: Array<{ where: string; text: string }> = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') out.push({ where, text: value });
    else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, `${where}.${key}`);
  };
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) walk(JSON.parse(readFileSync(join(dir, file), 'utf8')), file);
  return out;
}

/** #37.5: the product wrote both "Cancelled" and "canceled"; en says it one way (British, like the rest). */
describe('one spelling in en', () => {
  it('says "cancelled" and "cancelling", never "canceled" or "canceling"', () => {
    const texts = englishTexts();
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter(({ text }) => /\bcancel(ed|ing)\b/i.test(text))).toEqual([]);
  });
});
