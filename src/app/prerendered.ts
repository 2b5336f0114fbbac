import { inlineConfigId } from '../../core/routes/inline-config.ts';
import type { InlineTexts } from '../platform/i18n';
import type { Language } from '../../core/routes/languages';
import type { RoutedName } from '../../core/routes/route-matching';
import { onboardingRoutes } from '../../machines/onboarding.types.ts';

/**
 * A page rendered at build time (scripts/vite-prerender.ts) holds its markup in #root and, beside
 * it, what that render assumed: the page, the language, the phone field's country, and the texts.
 */
export interface PrerenderedState {
  page: RoutedName;
  lng: Language;
  country: string;
  /** That country's name in the page's language, as the render wrote it (src/lib/countries.ts). */
  countryName?: string;
  texts: InlineTexts;
  /** On a generator page, the script it was drawn with (one page per script, src/platform/served-script.ts). */
  script?: number;
}

/** The element ids of the two data blocks a prerendered page carries (JSON, never run as script). */
export const prerenderedStateId = 'prerendered-state';
export { inlineConfigId };

function readJson(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** What the served page was rendered with, if it was. */
export function readPrerendered(): PrerenderedState | null {
  const state = readJson(prerenderedStateId);
  if (typeof state !== 'object' || state === null) return null;
  const { page, lng, country, countryName, texts, script } = state as Partial<PrerenderedState>;
  if (typeof page !== 'string' || typeof lng !== 'string' || typeof country !== 'string' || typeof texts !== 'object' || texts === null) return null;
  return { page, lng, country, texts, ...(typeof countryName === 'string' && countryName ? { countryName } : {}), ...(Number.isInteger(script) ? { script } : {}) } as PrerenderedState;
}

/** /config.json as the server wrote it into the page, as a fetch would answer it (or null: fetch it). */
export function inlineConfigFetch(): typeof fetch | null {
  const config = readJson(inlineConfigId);
  if (typeof config !== 'object' || config === null) return null;
  return async () => new Response(JSON.stringify(config), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** What this visitor's first render depends on, beside the address (see canHydrate). */
export interface VisitorFacts {
  page: RoutedName;
  lng: Language;
  /** The address's query: it prefills the form and rides on the language switch's link. */
  search: string;
  country: string;
  /** A sign-up code step kept from before a reload, on the page it was kept for (shown instead of the form). */
  pendingCodeStep: boolean;
  /**
   * A session in the cookie (a person's or a guest's): the page is rendered for a visitor holding
   * none, and the session chart starts from a held one at once (the header, the paywall differ).
   */
  holdsSession: boolean;
  /**
   * The return from an emailed sign-in link (`#access_token=…` or `?code=…`): the session is taken
   * from the address as the page starts, so the sign-in page and the header may change at once.
   */
  authCallback: boolean;
}

/**
 * Whether the visitor's first render is the one prerendered, so React can adopt the markup
 * (hydrateRoot) rather than draw it again. A signed-in visitor is sent on from the start page (the
 * page differs) and sees their own header on the paywall and the sign-in page, a query prefills
 * fields, another locale picks another country for the phone field, a sign-in link's return brings a
 * session: those render afresh, as without a prerender. A funnel page (the paywall's frame) is never
 * adopted: it was drawn before any session is known, and no visitor's page stays that frame (a
 * session holder's has their header and plans; one holding none is sent home the moment the session
 * chart starts, which raced the hydration and broke it, React #418).
 */
export function canHydrate(prerendered: PrerenderedState, visitor: VisitorFacts): boolean {
  return (
    prerendered.page === visitor.page &&
    !(onboardingRoutes as readonly string[]).includes(visitor.page) &&
    prerendered.lng === visitor.lng &&
    prerendered.country === visitor.country &&
    visitor.search === '' &&
    !visitor.pendingCodeStep &&
    !visitor.holdsSession &&
    !visitor.authCallback
  );
}
