// The prerendered page's loader (scripts/vite-prerender.ts): the page is drawn from its HTML and
// stylesheets, and the app's code (the entry named by this script's data-entry) is fetched and run
// once the browser reports the page painted, so the first paint never waits for the script.
//
// Until the app has rendered (its `app:first-render` event), the page's form must not submit by itself (a
// form without script sends its fields in the address) and what is typed must reach the app: a submit
// is held and sent again, and typed values are given to the app's inputs, once it has rendered.
const entry = document.querySelector('script[data-entry]')?.getAttribute('data-entry');
let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  void import(new URL(entry, document.baseURI).href);
};

const typed = new Map();
let heldForm = -1;
const onInput = (event) => {
  const field = event.target;
  if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.name && field.form) typed.set(`${[...document.forms].indexOf(field.form)}:${field.name}`, field.value);
};
const onSubmit = (event) => {
  event.preventDefault();
  event.stopImmediatePropagation();
  heldForm = [...document.forms].indexOf(event.target);
};

/** Gives a value to a field the app controls (an input, the generator's script): set around its value tracker, then an input event. */
function give(input, value) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set;
  if (!setter) return;
  input.value = value === '' ? ' ' : '';
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

// A click on a plain button the HTML drew (the country picker, the sign-in's phone/email switch,
// 'Call me now') before the app has taken the page reaches no handler: it is clicked again once the
// app has rendered. On adopted markup (hydrated) that is the same element, and clicks from
// 'app:adopting' on are React's own to replay. A page drawn over (the visitor's differs from the
// markup: a search in the address, a stored session) gets new elements and no 'app:adopting': every
// click until the app has rendered is kept, and made on the button with the same name at the same
// place among those so named, if there is one (a page that became another has none: dropped).
const buttonsIn = () => [...document.querySelectorAll('#root button[type="button"]')];
const nameOf = (button) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();
const namedAs = (name) => buttonsIn().filter((button) => nameOf(button) === name);
const served = new WeakSet();
const noteServed = () => buttonsIn().forEach((button) => served.add(button));
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', noteServed, { once: true });
else noteServed();
const clicks = [];
let recording = true;
const onClick = (event) => {
  const button = event.target instanceof Element ? event.target.closest('#root button[type="button"]') : null;
  if (!recording || !button || !served.has(button) || clicks.length >= 5) return;
  const name = nameOf(button);
  clicks.push({ button, name, place: namedAs(name).indexOf(button) });
};
const counterpart = ({ button, name, place }) => (button.isConnected ? button : namedAs(name)[place]);

function handOver() {
  removeEventListener('input', onInput, true);
  removeEventListener('submit', onSubmit, true);
  removeEventListener('click', onClick, true);
  for (const [key, value] of typed) {
    const [form, name] = [Number(key.slice(0, key.indexOf(':'))), key.slice(key.indexOf(':') + 1)];
    const input = document.forms[form]?.elements.namedItem(name);
    if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) give(input, value);
  }
  for (const click of clicks) counterpart(click)?.click();
  const form = document.forms[heldForm];
  if (form) setTimeout(() => form.isConnected && form.requestSubmit(), 0);
}

// A page left before the app's code has run (on a slow phone it arrives seconds after the paint) has
// logged no page view: what was shown is kept for the next start, which logs it
// (src/platform/analytics/carry-over.ts). Registered before the app's own pagehide
// listener, which removes it once the app has logged a page view.
// Added to the pages kept so far (another prerendered page left the same way before this one), the
// last MAX_LEFT_PAGES. The key and the count are the app's (left-page-record.ts), put in by the build
// (scripts/prerender/after-paint-loader.ts, esbuild's define): this plain script cannot import them.
/* global __LEFT_PAGE_KEY__, __MAX_LEFT_PAGES__ */
addEventListener('pagehide', () => {
  try {
    const { pathname: path, search } = location;
    let kept = JSON.parse(localStorage.getItem(__LEFT_PAGE_KEY__) ?? '[]');
    kept = (Array.isArray(kept) ? kept : [kept]).slice(1 - __MAX_LEFT_PAGES__);
    kept.push({ path, search, title: document.title, referrer: document.referrer, time: Date.now() });
    localStorage.setItem(__LEFT_PAGE_KEY__, JSON.stringify(kept));
  } catch {
    // Storage off or full: the view goes with the page.
  }
});

// The app dispatches this on document once it has rendered (src/lib/first-render.ts); this script
// runs before the app's code is even fetched, so it cannot be missed.
addEventListener('input', onInput, true);
addEventListener('submit', onSubmit, true);
addEventListener('click', onClick, true);
document.addEventListener('app:adopting', () => (recording = false), { once: true });
// Dispatched from the app's commit: handed over after the next frame, once React has finished it
// and painted (as late as a PerformanceObserver would have told it).
document.addEventListener('app:first-render', () => requestAnimationFrame(() => setTimeout(handOver, 0)), { once: true });

const observes = (type) => typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes(type);

if (document.visibilityState === 'hidden') {
  // A tab loaded in the background paints nothing until shown: start at once there.
  start();
} else if (observes('paint')) {
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
