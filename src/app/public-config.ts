import { publicConfigSchema, type PublicConfig } from '../contracts/public-config';

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
