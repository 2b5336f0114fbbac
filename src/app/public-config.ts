import { z } from 'zod/mini';
import { publicConfigSchema, type PublicConfig } from '../contracts/public-config';

// zod compiles object parsers with `new Function` when it may; the site's Content-Security-Policy
// (script-src 'self', no 'unsafe-eval') refuses that, and each probe is a reported violation.
// This module runs before any schema in the SPA parses, so every parse takes the plain path. The
// setting is zod's one global configuration: it holds for the chained API loaded later as well.
z.config({ jitless: true });

let current: PublicConfig | undefined;

/** Fetched once at start-up: the same build serves every environment (see server/public-config). */
export async function loadPublicConfig(fetchImpl: typeof fetch = fetch): Promise<PublicConfig> {
  const response = await fetchImpl('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  current = publicConfigSchema.parse(await response.json());
  return current;
}

export function publicConfig(): PublicConfig {
  if (!current) throw new Error('publicConfig() called before loadPublicConfig()');
  return current;
}
