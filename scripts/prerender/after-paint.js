// The prerendered page's loader (scripts/vite-prerender.ts): the page is drawn from its HTML and
// stylesheets, and the app's code (the entry named by this script's data-entry) is fetched and run
// once the browser reports the page painted, so the first paint never waits for the script.
const entry = document.querySelector('script[data-entry]')?.getAttribute('data-entry');
let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  void import(new URL(entry, document.baseURI).href);
};
const observable = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
if (document.visibilityState === 'hidden') {
  // A tab loaded in the background paints nothing until shown: start at once there.
  start();
} else if (observable) {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
  // Hidden before the first paint: start anyway.
  document.addEventListener('visibilitychange', start, { once: true });
} else {
  requestAnimationFrame(() => setTimeout(start, 0));
}
