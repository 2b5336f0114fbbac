/**
 * The few browser objects the first render reads (the address, the cookie, the browser's languages),
 * for rendering in Node at build time. Storage is left out on purpose: code that reads it treats a
 * missing one as empty, which is a first visit.
 */
export function installBrowserGlobals(pathname: string, browserLanguages: readonly string[]): void {
  const host = globalThis as Record<string, unknown>;
  const location = new URL(pathname, 'http://localhost');
  const noop = () => undefined;
  const history = { state: null, pushState: noop, replaceState: noop, back: noop };
  Object.assign(host, {
    window: globalThis,
    location,
    history,
    addEventListener: noop,
    removeEventListener: noop,
    document: { cookie: '', title: '', documentElement: { lang: '' }, getElementById: () => null, addEventListener: noop, readyState: 'loading' },
  });
  // Node 21+ defines navigator (read-only): replace it, languages included.
  Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { languages: browserLanguages, language: browserLanguages[0] ?? 'en-US', userAgent: 'prerender' } });
}
