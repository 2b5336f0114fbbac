import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/config/project-root';

/** Every text of a locale folder, as `file.key.path` → text (for tests that read all of a language's wording). */
export function localeTexts(language: string): Map<string, string> {
  const dir = join(projectRoot(), 'locales', language);
  const found = new Map<string, string>();
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') found.set(prefix, value);
    else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walk(`${prefix}.${key}`, child);
  };
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) walk(file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, file), 'utf8')));
  return found;
}
