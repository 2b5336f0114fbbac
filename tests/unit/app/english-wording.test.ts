import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../server/config/project-root';

/** Every text of locales/en, as `file:key.path` → text. */
function englishTexts(): Map<string, string> {
  const dir = join(projectRoot(), 'locales', 'en');
  const found = new Map<string, string>();
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') found.set(prefix, value);
    else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walk(`${prefix}.${key}`, child);
  };
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) walk(file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, file), 'utf8')));
  return found;
}

describe('English texts (#37.5)', () => {
  it('spell "canceled" the US way, as the product’s English is (never "cancelled" or "cancelling"; "cancellation" is US too)', () => {
    const british = [...englishTexts()].filter(([, text]) => /\bcancell(ed|ing)\b/i.test(text)).map(([key]) => key);
    expect(british).toEqual([]);
  });
});
