import type { PublicConfig } from '../../core/contracts/public-config';

type AppLinks = PublicConfig['appLinks'];

/** The app links that exist (configured on the server; an unset one is null in /config.json). */
export function publishedAppLinks(links: AppLinks): Partial<Record<keyof AppLinks, string>> {
  const published: Partial<Record<keyof AppLinks, string>> = {};
  for (const [key, href] of Object.entries(links) as Array<[keyof AppLinks, string | null]>) {
    if (href) published[key] = href;
  }
  return published;
}
