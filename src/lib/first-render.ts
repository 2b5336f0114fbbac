/**
 * The moment the first routed page has rendered, as a `first-render` performance mark (the bench
 * and the budget check measure the JavaScript loaded before it) and as a promise: analytics, the
 * chat widget, supabase-js and other work a visitor does not need to see and type wait for it.
 */
let markRendered: () => void = () => {};
const rendered = new Promise<void>((resolve) => {
  markRendered = resolve;
});
let done = false;

/** Dispatched on `document` once the first routed page has rendered. */
export const FIRST_RENDER_EVENT = 'app:first-render';

/** Called once the first page's content has committed (see AppRoutes). */
export function markFirstRender(): void {
  if (done) return;
  done = true;
  performance.mark('first-render');
  // The prerendered page's loader (scripts/prerender/after-paint.js) waits for this to hand a held
  // submit and typed values to the app: an event, not the mark, so nothing depends on a
  // PerformanceObserver seeing it (a page whose clock is replaced, as in tests, never would).
  document.dispatchEvent(new Event(FIRST_RENDER_EVENT));
  markRendered();
}

export function firstRender(): Promise<void> {
  return rendered;
}

/**
 * Runs `task` after the first page has rendered and the load event has fired, in an idle moment
 * (or within `timeoutMs`), so it never competes with the first paint.
 */
export function afterFirstRender(task: () => void, timeoutMs = 2000): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    else window.setTimeout(task, 1);
  };
  // A page that never renders (its chunk failed, it threw) must not keep analytics and the session
  // client from starting: they go ahead a few seconds after the load event anyway.
  const fallback = new Promise<void>((resolve) => {
    const later = () => window.setTimeout(resolve, FALLBACK_AFTER_LOAD_MS);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });
  void Promise.race([rendered, fallback]).then(() => {
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

const FALLBACK_AFTER_LOAD_MS = 5000;
