import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../server/config/project-root';
import { replacesModules } from '../replaces-modules';

const root = projectRoot();
const unitFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return unitFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });

// The unit project shares one module registry between files (vite.config.ts): a file that replaces
// a module or a global there would change what the next file imports.
const replacing = /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules)\(|\b(globalThis|window)\.[\w$]+\s*=[^=]|Object\.defineProperty\((globalThis|window)\b/;

describe('unit files and the shared module registry', () => {
  it('every file that replaces a module or a global runs in its own registry (tests/unit/replaces-modules.ts), and only those', () => {
    const found = unitFiles(join(root, 'tests', 'unit')).filter((file) => replacing.test(readFileSync(join(root, file), 'utf8')));
    expect(found.sort()).toEqual([...replacesModules].sort());
  });
});
