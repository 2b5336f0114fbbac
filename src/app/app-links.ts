import type { PublicConfig } from '../contracts/public-config';
import { paths } from './paths';

type AppLinks = PublicConfig['appLinks'];

/**
 * The app links that lead somewhere real. Until APP_DOWNLOAD_WINDOWS_URL, APP_STORE_URL, … are set
 * the server points them at this site's own /success page, which would only link to itself.
 */
export function publishedAppLinks(links: AppLinks, origin = window.location.origin): Partial<AppLinks> {
  const placeholder = new Set([paths.success.build()]);
  const published: Partial<AppLinks> = {};
  for (const [key, href] of Object.entries(links) as Array<[keyof AppLinks, string]>) {
    if (!placeholder.has(new URL(href, origin).pathname)) published[key] = href;
  }
  return published;
}
