import { decideRoute, type RoutedName } from '../../core/routes/route-matching';

/**
 * Where a link asks for its page's code ahead of a click. The route table (./routes.ts) registers
 * how to fetch each page; a link only knows this registry. Links are inside the pages the route
 * table imports, so a link importing the table closed a circle of 17 files (issue #27).
 */
let fetchPage: ((name: RoutedName) => void) | null = null;

/** Called once by the route table as it loads (at boot, before any link is on screen). */
export function registerPageFetcher(fetch: (name: RoutedName) => void): void {
  fetchPage = fetch;
}

/** Fetches the code of the page an address shows, so navigation after a hover or tap is instant. */
export function preloadRoute(href: string): void {
  const decision = decideRoute(new URL(href, window.location.origin).pathname);
  if (decision.kind === 'page') fetchPage?.(decision.name);
}
