import { greetingTemplateCount } from '../../core/contracts/greetings-values.ts';
import type { Language } from '../../core/routes/languages.ts';

/**
 * The addresses prerendered at build time (scripts/vite-prerender.ts) and served as HTML with their
 * content (./prerendered.ts): the start page, the demo booking and the sign-in page in each language,
 * the paywall's frame, and the greeting builder (once per sample script). `browserLanguages` is the visitor the page is rendered for (the phone
 * field's country comes from them); a visitor whose browser gives another country gets the page
 * drawn afresh by the client (src/app/prerendered.ts canHydrate).
 */
export interface PrerenderedPage {
  path: string;
  lng: Language;
  /** Its file under dist/client/prerendered (a generator page's: one per script, see scriptFile). */
  file: string;
  /** The page's module: the build links its chunk's stylesheets. */
  module: string;
  browserLanguages: readonly string[];
  /** Drawn once per sample script, 1 to this (the greeting builder). */
  scripts?: number;
}

export const prerenderedPages: readonly PrerenderedPage[] = [
  { path: '/en', lng: 'en', file: 'en.html', module: 'src/features/landing/StartPage.tsx', browserLanguages: ['en-US', 'en'] },
  { path: '/fr', lng: 'fr', file: 'fr.html', module: 'src/features/landing/StartPage.tsx', browserLanguages: ['fr-FR', 'fr'] },
  { path: '/en/demo', lng: 'en', file: 'en-demo.html', module: 'src/features/landing/DemoPage.tsx', browserLanguages: ['en-US', 'en'] },
  { path: '/fr/demo', lng: 'fr', file: 'fr-demo.html', module: 'src/features/landing/DemoPage.tsx', browserLanguages: ['fr-FR', 'fr'] },
  { path: '/en/sign-in-otp', lng: 'en', file: 'en-sign-in-otp.html', module: 'src/features/auth/SignInOtpPage.tsx', browserLanguages: ['en-US', 'en'] },
  { path: '/fr/sign-in-otp', lng: 'fr', file: 'fr-sign-in-otp.html', module: 'src/features/auth/SignInOtpPage.tsx', browserLanguages: ['fr-FR', 'fr'] },
  { path: '/en/onboarding/checkout-form', lng: 'en', file: 'en-paywall.html', module: 'src/features/onboarding/OnboardingRoute.tsx', browserLanguages: ['en-US', 'en'] },
  { path: '/fr/onboarding/checkout-form', lng: 'fr', file: 'fr-paywall.html', module: 'src/features/onboarding/OnboardingRoute.tsx', browserLanguages: ['fr-FR', 'fr'] },
  // The greeting builder, once per sample script (SPEC §2: it opens on one at random; the server
  // picks one of these pages per visit). `/voice-generator` speaks the browser's language: one set
  // per language, picked by Accept-Language as `/` is.
  ...(['en', 'fr'] as const).flatMap((lng) => {
    const generator = { lng, module: 'src/features/voice-generator/VoiceGeneratorPage.tsx', browserLanguages: lng === 'en' ? ['en-US', 'en'] : ['fr-FR', 'fr'], scripts: greetingTemplateCount };
    return [
      { ...generator, path: `/${lng}/voice-generator`, file: `${lng}-voice-generator.html` },
      { ...generator, path: '/voice-generator', file: `voice-generator-${lng}.html` },
    ];
  }),
];

/** One written page, as listed in prerendered/pages.json beside the files. */
export interface PrerenderedPageFile {
  path: string;
  lng: string;
  file: string;
  /** A generator page's first script (one file per script: `en-voice-generator-7.html`). */
  script?: number;
}

/** The file of one script's page: the page's file name with the script's index before `.html`. */
export const scriptFile = (file: string, script: number): string => file.replace(/\.html$/, `-${script}.html`);

/** Under the client directory; never served as files (only through the page routes). */
export const prerenderedDir = 'prerendered';

/** Where the server writes the public config into a page (a data block, not a script). */
export const configPlaceholder = '<!--public-config-->';

/** JSON inside a <script type="application/json">: no `</script>` or `<!--` can close or bend it. */
export const jsonBlock = (json: string): string => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
