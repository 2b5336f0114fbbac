import { decideRoute } from '../../../core/routes/route-matching';
import { logPageView } from './analytics';
import { createPageViewTracker } from './page-views';

/** This document's page views: one tracker for boot and the shell, so the first page counts once. */
const pageViews = createPageViewTracker({ log: logPageView });

/**
 * The page at `path` is shown: one page view (none for a redirect hop, a repeat of the same page or
 * the greeting generator). Returns false for a redirect hop (not a page).
 *
 * Over a prerendered page, boot calls it right after the app chart has written the address, before
 * the first render: the page's markup is on screen, its links working as plain links, for several
 * hundred milliseconds before the app has rendered, and a visitor who follows one then loads a new
 * document before any effect of the app has run. The view must already be held (the page leaving
 * keeps it for the next start, ./carry-over). Other pages show nothing before the first render, so
 * the shell logs theirs then, with the page's own title. The shell calls it on every route change;
 * a first call repeating boot's is not logged twice.
 */
export function pageShown(path: string): boolean {
  if (decideRoute(path).kind === 'redirect') return false;
  pageViews.routeChanged(path);
  return true;
}
