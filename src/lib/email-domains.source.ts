/**
 * Builds the email-domain lists from the maintained npm packages (node only: `freemail` reads its
 * data with `fs`, `mailchecker` is a 1 MB CommonJS file). The result is written to
 * core/email/generated/email-domains.json (and the free-mail list alone to free-mail-domains.txt) by
 * `npm run generate:email-domains`, so the SPA and the
 * server read the same, de-duplicated data without bundling either package; a unit test fails when
 * the committed file no longer matches the installed packages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface EmailDomainData {
  /** Package versions the lists came from, for people reading a diff. */
  sources: Record<string, string>;
  /** Free-mail (personal) domains, sorted, one per line. */
  free: string;
  /** Disposable (throw-away) domains, sorted, one per line. */
  disposable: string;
}

const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

function readLines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('.'));
}

export function buildEmailDomainData(): EmailDomainData {
  const freemailDir = packageDir('freemail');
  const mailchecker = require('mailchecker') as { blacklist(): Set<string> };
  const disposable = new Set([...readLines(join(freemailDir, 'data', 'disposable.txt')), ...[...mailchecker.blacklist()].map((d) => d.toLowerCase())]);
  // A domain on both lists is treated as disposable (they are temp-mail services listed as "free").
  const free = readLines(join(freemailDir, 'data', 'free.txt')).filter((domain) => !disposable.has(domain));
  const version = (name: string) => (JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;
  return {
    sources: { freemail: version('freemail'), mailchecker: version('mailchecker') },
    free: [...new Set(free)].sort().join('\n'),
    disposable: [...disposable].sort().join('\n'),
  };
}

export const generatedEmailDomainsPath = join(dirname(new URL(import.meta.url).pathname), '..', '..', 'core', 'email', 'generated', 'email-domains.json');

/**
 * The free-mail list alone, one domain a line: the browser fetches it as a data asset (Vite gives it
 * a hashed name), so a download that failed is simply fetched again (a failed dynamic import may
 * stay failed for the page).
 */
export const generatedFreeMailPath = join(dirname(new URL(import.meta.url).pathname), 'generated', 'free-mail-domains.txt');
