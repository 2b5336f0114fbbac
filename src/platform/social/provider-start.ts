import type { LandingPage } from '../../../core/contracts/signup-forms';

/** The landing pages that carry the provider buttons (the sign-in page is no landing page). */
export const providerLandingPages = ['start', 'email-form'] as const satisfies readonly LandingPage[];
export type ProviderLandingPage = (typeof providerLandingPages)[number];

/** Kept across the trip to the provider, in this tab only (sessionStorage). */
const LANDING_KEY = 'ringwise.social.landingPage';
const PROVIDER_KEY = 'ringwise.social.provider';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const session = (): Store | undefined => globalThis.sessionStorage;

/**
 * Remembers, before leaving for the provider, which provider (its display name, for a message if it
 * comes back with an error) and which landing page (for the sign-up's record; none from the sign-in
 * page or the account page).
 */
export function rememberProviderStart(start: { label: string; landingPage: ProviderLandingPage | null }, storage: Store | undefined = session()): void {
  try {
    storage?.setItem(PROVIDER_KEY, start.label);
    if (start.landingPage) storage?.setItem(LANDING_KEY, start.landingPage);
    else storage?.removeItem(LANDING_KEY);
  } catch {
    // Storage refused (private mode, full): the sign-up is then recorded as from the start page.
  }
}

/**
 * The landing page the sign-in through a provider started from. A person who pressed the button on
 * the sign-in page, or whose storage is gone, is counted as from the start page: the sign-up's
 * record needs one, and the start page is where the funnel begins.
 */
export function providerStart(storage: Pick<Storage, 'getItem'> | undefined = session()): ProviderLandingPage {
  try {
    const value = storage?.getItem(LANDING_KEY);
    return providerLandingPages.find((page) => page === value) ?? 'start';
  } catch {
    return 'start';
  }
}

/**
 * The display name of the provider this tab left for, once (it is forgotten as it is read): the
 * sign-in page names it when the trip came back with an error. Null when none was under way.
 */
export function takeProviderUnderWay(storage: Store | undefined = session()): string | null {
  try {
    const label = storage?.getItem(PROVIDER_KEY) ?? null;
    storage?.removeItem(PROVIDER_KEY);
    return label;
  } catch {
    return null;
  }
}
