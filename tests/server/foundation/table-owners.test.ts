import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

/**
 * No capability writes or reads another's tables (#27): the auth service's tables (auth_*) are named
 * only under server/auth/; the others ask `app.authService.accounts` (server/auth/directory.ts).
 *
 * One exception: server/retention/, the data catalog. Its retention rules and its erasure name every
 * table of every capability on purpose (docs/data.md: each table's period and what erasing a person
 * does to it), and the erasure deletes a person's rows in all of them in one transaction, so a
 * person is never half erased. Migrations are SQL files, not scanned.
 */
const exceptions = ['server/retention/'];

/** The auth capability's table names, from its own schema (server/auth/tables.ts). */
function authTables(): string[] {
  const text = readFileSync(join(root, 'server/auth/tables.ts'), 'utf8');
  const block = text.slice(text.indexOf('export interface AuthTables'));
  return [...block.matchAll(/^\s+(auth_[a-z_]+):/gm)].map((match) => match[1]!);
}

function serverFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return serverFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The code without its comments (a comment may name a table; only code that queries it counts). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

describe('table owners', () => {
  it('finds the auth tables to look for', () => {
    expect(authTables()).toEqual(expect.arrayContaining(['auth_users', 'auth_sessions', 'auth_outbox', 'auth_factors']));
  });

  it('names no auth_* table outside server/auth/ (and the retention catalog)', () => {
    const tables = authTables();
    const pattern = new RegExp(`\\b(${tables.join('|')})\\b`, 'g');
    const found: string[] = [];
    for (const path of serverFiles('server')) {
      if (path.startsWith('server/auth/') || exceptions.some((prefix) => path.startsWith(prefix))) continue;
      const code = withoutComments(readFileSync(join(root, path), 'utf8'));
      for (const match of code.matchAll(pattern)) found.push(`${relative(root, join(root, path))}: ${match[1]}`);
    }
    expect(found).toEqual([]);
  });
});
