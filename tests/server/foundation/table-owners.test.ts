import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

/**
 * No capability writes or reads another's tables (#27). The auth service's tables (auth_*) are named
 * only under server/auth/; the others ask `app.authService.accounts` (server/auth/directory.ts). The
 * payments tables are named only under server/payments/. Retention and erasure are each capability's
 * own (`server/<capability>/data-lifecycle.ts`); server/retention/ composes them and names no table.
 * Migrations are SQL files, not scanned.
 */
const owners = [
  { folder: 'server/auth/', file: 'server/auth/tables.ts', schema: 'AuthTables' },
  { folder: 'server/payments/', file: 'server/payments/tables.ts', schema: 'PaymentsTables' },
];

/** A file outside the owner's folder that may name one of its tables, and why (neither reads nor writes it). */
const allowed: Record<string, string> = {
  'server/api/user-routes.ts: subscriptions': 'empties its cached profiles on a write to subscriptions (app.database.writes), reads nothing',
};

/** A capability's table names, from its own schema (the `export interface XTables` block of its tables.ts). */
function tablesOf(owner: (typeof owners)[number]): string[] {
  const text = readFileSync(join(root, owner.file), 'utf8');
  const block = text.slice(text.indexOf(`export interface ${owner.schema}`));
  return [...block.matchAll(/^\s+([a-z_]+):/gm)].map((match) => match[1]!);
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
  it('finds the tables to look for', () => {
    expect(tablesOf(owners[0]!)).toEqual(expect.arrayContaining(['auth_users', 'auth_sessions', 'auth_outbox', 'auth_factors']));
    expect(tablesOf(owners[1]!)).toEqual(expect.arrayContaining(['subscriptions', 'charges', 'payment_customers', 'webhook_events']));
  });

  it.each(owners)('names no table of $folder outside it', (owner) => {
    const pattern = new RegExp(`\\b(${tablesOf(owner).join('|')})\\b`, 'g');
    const found: string[] = [];
    for (const path of serverFiles('server')) {
      if (path.startsWith(owner.folder)) continue;
      const code = withoutComments(readFileSync(join(root, path), 'utf8'));
      for (const match of code.matchAll(pattern)) found.push(`${relative(root, join(root, path))}: ${match[1]}`);
    }
    expect(found.filter((mention) => !allowed[mention])).toEqual([]);
  });
});
