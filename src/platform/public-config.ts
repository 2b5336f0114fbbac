import type { PublicConfig } from '../../core/contracts/public-config';

// zod compiles object parsers with `new Function` when it may; the site's Content-Security-Policy
// (script-src 'self', no 'unsafe-eval') refuses that, and each probe is a reported violation. zod
// keeps its one global configuration on `globalThis.__zod_globalConfig` (shared by every copy of
// zod); writing `jitless` there before the first schema parses, without loading zod, means every
// parse in the SPA takes the plain path (tests/unit/app/public-config.test.ts holds this).
const zodHost = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodHost.__zod_globalConfig ??= {}).jitless = true;

let current: PublicConfig | undefined;
let announceLoaded: (config: PublicConfig) => void = () => undefined;
const loaded = new Promise<PublicConfig>((resolve) => {
  announceLoaded = resolve;
});

/**
 * Fetched once at start-up: the same build serves every environment (see server/public-config). The
 * server builds its answer with `publicConfigSchema.parse`, so the first render uses it as served
 * and loads no zod; `checkPublicConfig` parses it with the same schema once the page has rendered.
 */
export async function loadPublicConfig(fetchImpl: typeof fetch = fetch): Promise<PublicConfig> {
  const response = await fetchImpl('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('config.json is not an object');
  current = body as PublicConfig;
  announceLoaded(current);
  return current;
}

/**
 * The config once start-up has loaded it: for work started before it is here (a page's reads,
 * asked for beside its code at start-up) that must not call the API before its address is known.
 */
export function publicConfigLoaded(): Promise<PublicConfig> {
  return loaded;
}

/**
 * The browser's own check of the served config against the schema the server parsed it with (run
 * after the first render): a mismatch (a page from another release than its server) is reported as
 * an error naming the bad keys. Returns whether the config matched.
 */
export async function checkPublicConfig(): Promise<boolean> {
  const { publicConfigSchema } = await import('../../core/contracts/public-config');
  const parsed = publicConfigSchema.safeParse(publicConfig());
  if (!parsed.success) console.error(`config.json does not match the public config schema: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return parsed.success;
}

export function publicConfig(): PublicConfig {
  if (!current) throw new Error('publicConfig() called before loadPublicConfig()');
  return current;
}
