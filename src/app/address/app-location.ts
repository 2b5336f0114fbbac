import { usePathname } from 'wouter/use-browser-location';
import { followLink } from '../../platform/app-actor';

/**
 * The router's location hook: the address is read from the browser (where the app chart's
 * projection put it), and a link asks the chart for its address as `url.changed` without writing
 * it — so every `<Link>` goes through the chart, and history gets only the page the chart decides on.
 */
export function useAppLocation(): [string, (to: string) => void] {
  return [usePathname(), followLink];
}
