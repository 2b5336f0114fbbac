import { isPageViewExcluded } from './context';

/**
 * Page views for route changes (SPEC §2): one per page shown (a repeat of the same path is not a new
 * page), none for the excluded ones. Those shown before the analytics clients exist are held by
 * `logPageView` (./analytics) and, if the page is left first, kept for the next start.
 */
export function createPageViewTracker(deps: { log(path: string): void }) {
  let last: string | null = null;
  return {
    /** Call on every route change with the path shown. */
    routeChanged(path: string): void {
      if (path === last) return;
      last = path;
      if (isPageViewExcluded(path)) return;
      deps.log(path);
    },
  };
}
