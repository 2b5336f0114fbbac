/**
 * The addresses prerendered at build time (scripts/vite-prerender.ts) and served as HTML with their
 * content (./prerendered.ts): the start page, the demo booking and the sign-in page in each language,
 * and the paywall's frame. `browserLanguages` is the visitor the page is rendered for (the phone
 * field's country comes from them); a visitor whose browser gives another country gets the page
 * drawn afresh by the client (src/app/prerendered.ts canHydrate).
 */
export const prerenderedPages = [
  { path: '/en', lng: 'en', file: 'en.html', module: 'src/features/landing/StartPage.tsx', browserLanguages: ['en-US', 'en'] },
  { path: '/fr', lng: 'fr', file: 'fr.html', module: 'src/features/landing/StartPage.tsx', browserLanguages: ['fr-FR', 'fr'] },
  { path: '/en/demo', lng: 'en', file: 'en-demo.html', module: 'src/features/landing/DemoPage.tsx', browserLanguages: ['en-US', 'en'] },
  { path: '/fr/demo', lng: 'fr', file: 'fr-demo.html', module: 'src/features/landing/DemoPage.tsx', browserLanguages: ['fr-FR', 'fr'] },
  { path: '/en/sign-in-otp', lng: 'en', file: 'en-sign-in-otp.html', module: 'src/features/auth/SignInOtpPage.tsx', browserLanguages: ['en-US', 'en'] },
  { path: '/fr/sign-in-otp', lng: 'fr', file: 'fr-sign-in-otp.html', module: 'src/features/auth/SignInOtpPage.tsx', browserLanguages: ['fr-FR', 'fr'] },
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
