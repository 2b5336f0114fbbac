/**
 * Where a prerendered page's loader records the pages left before their app ran, and how many it
 * keeps: read by the app (./carry-over.ts) and put into the loader by the build
 * (scripts/prerender/after-paint-loader.ts). Imports nothing, so the build's config can load it.
 */
export const LEFT_PAGE_KEY = 'ringwise:page-left';

/** The most pages a loader keeps (prerendered pages left one after the other before any app ran). */
export const MAX_LEFT_PAGES = 10;
