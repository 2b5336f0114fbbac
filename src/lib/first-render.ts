/**
 * The moment the first routed page has rendered, as a `first-render` performance mark (the bench
 * and the budget check measure the JavaScript loaded before it) and as a promise: analytics, the
 * chat widget, supabase-js and other work a visitor does not need to see and type wait for it.
 */
let markRendered: () => void = () => {};
const rendered = new Promise<void>((resolve) => {
  markRendered = resolve;
});
// The first render on screen: its commit, then the frame that draws it (afterNextPaint).
const shown = rendered.then(() => new Promise<void>((resolve) => afterNextPaint(resolve)));
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

/**
 * Runs `task` once the frame drawing what was just committed has been shown: the frame after it has
 * begun (two animation frames), then a task of its own. What waits for a render (the other tabs and
 * the session client after the first one, a card's second reads after the content) then starts once
 * that render is on screen, not between its commit and its paint, where its requests and code
 * delayed the paint (Lighthouse counts them into the page's LCP). A hidden tab draws no frames: the
 * timeout lets it go ahead anyway.
 */
export function afterNextPaint(task: () => void): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    task();
  };
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(once, 0)));
  setTimeout(once, HIDDEN_TAB_WAIT_MS);
}

const HIDDEN_TAB_WAIT_MS = 250;

export function firstRender(): Promise<void> {
  return rendered;
}

/**
 * Resolves once the first render is on screen (afterNextPaint): for work that would otherwise go out
 * between the first page's commit and its paint and be counted into it (the session's followers).
 */
export function firstRenderShown(): Promise<void> {
  return shown;
}

// Pages that render a loading line before their content (the account page waiting for its reads)
// hold the first content until it is there (holdFirstContent): what waits for the first render
// idles in that wait otherwise, and its code arrived before the content's paint (the analytics
// clients' 52 KB, counted into the account page's LCP by Lighthouse in some runs: 95 against 96).
let contentHolds = 0;
let contentFree: () => void = () => {};
const firstContent = rendered
  .then(() => {
    if (contentHolds === 0) return;
    return new Promise<void>((resolve) => {
      contentFree = resolve;
      // Content that never comes (a read that hangs) keeps nothing waiting for long.
      window.setTimeout(resolve, CONTENT_WAIT_MS);
    });
  })
  // On screen, not only committed: an idle moment can come between the content's commit and its paint.
  .then(() => new Promise<void>((resolve) => afterNextPaint(resolve)));

const CONTENT_WAIT_MS = 5000;

/**
 * Says the page on screen shows a loading line in place of its content; the returned function says
 * the content is there. Only the first page's first content is waited for (afterFirstRender).
 */
export function holdFirstContent(): () => void {
  contentHolds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    contentHolds -= 1;
    if (contentHolds === 0) contentFree();
  };
}

/**
 * Runs `task` after the first page has rendered its content (not a loading line held by
 * holdFirstContent) and the load event has fired, in an idle moment (or within `timeoutMs`), so it
 * never competes with the first paint.
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
  void Promise.race([firstContent, fallback]).then(() => {
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

const FALLBACK_AFTER_LOAD_MS = 5000;
