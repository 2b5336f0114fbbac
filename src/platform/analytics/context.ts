import { isLanguage } from '../../../core/routes/languages';
import { readTrackingParams } from '../../../core/routes/tracking-params';
import { isTeamPage } from '../../../core/team-pages';
import type { EventContext, LandingPage } from './events';

/** Where the landing page of the current visit is kept (first-touch per visit, see rememberLanding). */
export const landingStorageKey = 'analytics_landing';
const visitStartedKey = 'analytics_visit_started';

/**
 * SPEC §2: no page view for the greeting generator, wherever the segment appears; nor for the team's
 * own pages (the chart page, core/team-pages.ts), which are no visit to the product (#37.5).
 */
export function isPageViewExcluded(path: string): boolean {
  return path.includes('voice-generator') || isTeamPage(path.split('?')[0] ?? path);
}

/** Which landing page an address is, by its route (SPEC §2: start, form, demo, email-form…). */
export function classifyLanding(path: string): LandingPage {
  const segments = path.split('?')[0]!.split('/').filter(Boolean);
  if (segments.some((segment) => segment === 'voice-generator')) return 'voice-generator';
  if (!isLanguage(segments[0])) return 'other';
  if (segments.length === 1) return 'start';
  if (segments.length !== 2) return 'other';
  const page = segments[1];
  if (page === 'form' || page === 'demo' || page === 'email-form' || page === 'sign-in-otp') return page;
  return 'other';
}

export function languageOfPath(path: string): EventContext['lng'] {
  const first = path.split('/')[1];
  return isLanguage(first) ? first : undefined;
}

type Storages = { local?: Pick<Storage, 'getItem' | 'setItem'>; session?: Pick<Storage, 'getItem' | 'setItem'> };

function defaultStorages(): Storages {
  try {
    return { local: globalThis.localStorage, session: globalThis.sessionStorage };
  } catch {
    return {};
  }
}

/**
 * The first page of a visit (a browser tab's session) sets the landing page, so a returning visitor
 * who arrives on /demo is counted for /demo even if an earlier visit started on the start page. Pages
 * inside the funnel (onboarding, checkout return) never overwrite a known landing page.
 */
export function rememberLanding(path: string, storages: Storages = defaultStorages()): LandingPage {
  try {
    const stored = storages.local?.getItem(landingStorageKey) as LandingPage | null | undefined;
    const visitStarted = storages.session?.getItem(visitStartedKey) === '1';
    if (!visitStarted) storages.session?.setItem(visitStartedKey, '1');
    const landing = classifyLanding(path);
    if (!visitStarted && (landing !== 'other' || !stored)) {
      storages.local?.setItem(landingStorageKey, landing);
      return landing;
    }
    return stored ?? landing;
  } catch {
    return classifyLanding(path);
  }
}

/** The context properties added to every event (callers' own properties win). */
export function eventContext(
  path: string = globalThis.location?.pathname ?? '/',
  storages: Storages = defaultStorages(),
): EventContext {
  const context: EventContext = { ...readTrackingParams(storages.local) };
  const lng = languageOfPath(path);
  if (lng) context.lng = lng;
  try {
    const landing = storages.local?.getItem(landingStorageKey);
    if (landing) context.landing = landing as LandingPage;
  } catch {
    // Storage unavailable: the event still goes out without the landing page.
  }
  return context;
}
