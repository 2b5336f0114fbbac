/**
 * The addresses prerendered at build time (scripts/vite-prerender.ts) and served as HTML with their
 * content (./prerendered.ts): the start page in each language. `browserLanguages` is the visitor the
 * page is rendered for (the phone field's country comes from them); a visitor whose browser gives
 * another country gets the page drawn afresh by the client (src/app/prerendered.ts canHydrate).
 */
export const prerenderedPages = [
  { path: '/en', lng: 'en', file: 'en.html', module: 'src/features/landing/StartPage.tsx', browserLanguages: ['en-US', 'en'] },
  { path: '/fr', lng: 'fr', file: 'fr.html', module: 'src/features/landing/StartPage.tsx', browserLanguages: ['fr-FR', 'fr'] },
  { path: '/en/onboarding/checkout-form', lng: 'en', file: 'en-paywall.html', module: 'src/features/onboarding/OnboardingRoute.tsx', browserLanguages: ['en-US', 'en'] },
  { path: '/fr/onboarding/checkout-form', lng: 'fr', file: 'fr-paywall.html', module: 'src/features/onboarding/OnboardingRoute.tsx', browserLanguages: ['fr-FR', 'fr'] },
] as const;

/** One written page, as listed in prerendered/pages.json beside the files. */
export interface PrerenderedPageFile {
  path: string;
  lng: string;
  file: string;
}

/** Under the client directory; never served as files (only through the page routes). */
export const prerenderedDir = 'prerendered';

/** Where the server writes the public config into a page (a data block, not a script). */
export const configPlaceholder = '<!--public-config-->';

/** JSON inside a <script type="application/json">: no `</script>` or `<!--` can close or bend it. */
export const jsonBlock = (json: string): string => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
