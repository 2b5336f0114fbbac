import type { Language } from '../../core/routes/languages';

/**
 * The generator's first script as the served page was drawn with it (a prerendered generator page:
 * the server picks one of the scripts' pages at random per visit, server/spa/prerendered.ts). The
 * page's chart starts from it, so what is on screen stays: adopted as it is, or drawn again with the
 * same script for a visitor whose page differs. Set at start (src/main.tsx) and by the build's
 * prerender; used by the first generator page in that language, then forgotten (a later visit to
 * the page within the app draws at random, as the SPEC asks).
 */
let served: { lng: Language; script: number } | null = null;

export function setServedScript(lng: Language, script: number | undefined): void {
  served = script === undefined ? null : { lng, script };
}

/** The script to start from on a generator page in `lng`, if the served page was drawn with one. */
export function servedScript(lng: Language): number | undefined {
  return served?.lng === lng ? served.script : undefined;
}

/** Called once the page is on screen: a page mounted later picks its first script at random. */
export function forgetServedScript(): void {
  served = null;
}
