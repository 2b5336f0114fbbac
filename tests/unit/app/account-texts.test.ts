import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeTexts } from '../../../src/app/route-texts';

const root = join(__dirname, '..', '..', '..');

/** The i18next namespaces a file's `useTranslation(...)` calls ask for. */
function namespacesIn(file: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  return [...source.matchAll(/useTranslation\(([^)]*)\)/g)].flatMap(([, args]) => [...(args ?? '').matchAll(/'([a-z]+)'/g)].map(([, ns]) => ns!));
}

const filesUnder = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : /\.tsx$/.test(entry.name) ? [join(dir, entry.name)] : []));

describe('the account page’s texts', () => {
  // A namespace not fetched with the page makes the first card that asks for it suspend the whole
  // page: React hides it and shows it again, and the footer jumps (Lighthouse CLS 0.18 → 0.001).
  it('are fetched with the page: every namespace its cards speak', () => {
    const files = [...filesUnder('src/features/account'), 'src/platform/verification/EmailToConfirm.tsx'];
    const spoken = new Set(files.flatMap(namespacesIn));
    expect([...spoken].sort()).toEqual(expect.arrayContaining(['account', 'auth', 'passkeys', 'social']));
    for (const ns of spoken) expect(routeTexts.account, `namespace '${ns}'`).toContain(ns);
  });
});
