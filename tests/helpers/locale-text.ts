import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/config/project-root';

/**
 * The product's texts as the browser tests find them on the page: read from locales/<lng>/<ns>.json
 * (not typed into the tests again), so a reworded text moves its tests with it.
 */

export type Lng = 'en' | 'fr';

const namespaces = new Map<string, Record<string, unknown>>();

function namespace(lng: Lng, ns: string): Record<string, unknown> {
  const id = `${lng}/${ns}`;
  let texts = namespaces.get(id);
  if (!texts) {
    texts = JSON.parse(readFileSync(join(projectRoot(), 'locales', lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;
    namespaces.set(id, texts);
  }
  return texts;
}

/** The text at a dotted key ('code.label') of a namespace ('auth'); a missing key throws, naming it. */
export function localeText(lng: Lng, ns: string, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], namespace(lng, ns));
  if (typeof value !== 'string') throw new Error(`no text ${lng}/${ns}:${key}`);
  return value;
}

/** A text's words before its first {{value}}: what a page shows of it whatever the value. */
export const beforeValue = (text: string) => (text.split('{{')[0] ?? text).trim();
