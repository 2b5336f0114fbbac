import { usePathname } from 'wouter/use-browser-location';
import { followLink } from './app-actor';

/**
 * The router's location hook: the address is read from the browser (where the app chart's
 * projection put it) and a link's navigation is the browser's address change, sent to the chart as
 * `url.changed` — so every `<Link>` goes through the chart, and no component writes the address.
 */
export function useAppLocation(): [string, (to: string, options?: { replace?: boolean }) => void] {
  return [usePathname(), followLink];
}
