import { isPageViewExcluded } from './context';

/**
 * Page views for route changes (SPEC §2), including the ones that happen before the analytics clients
 * exist: the first page of a visit is shown before the page is interactive, and a funnel without its
 * first step would be useless. Those few are held (at most `maxPending`) and logged once ready.
 * Events other code logs before then are dropped, as SPEC §4 says.
 */
export function createPageViewTracker(deps: {
  isReady(): boolean;
  log(path: string): void;
  maxPending?: number;
}) {
  const pending: string[] = [];
  let last: string | null = null;
  const maxPending = deps.maxPending ?? 10;
  return {
    /** Call on every route change with the path shown. */
    routeChanged(path: string): void {
      if (path === last) return;
      last = path;
      if (isPageViewExcluded(path)) return;
      if (deps.isReady()) {
        deps.log(path);
        return;
      }
      if (pending.length < maxPending) pending.push(path);
    },
    /** Call once the clients are ready. */
    flushPending(): void {
      for (const path of pending.splice(0)) deps.log(path);
    },
  };
}
