import type { StateValue } from 'xstate';
import { isLanguage, type Language } from '../core/routes/languages';
import { paths, withSearch } from '../core/routes/paths';
import { onboardingRoutes, type OnboardingContext, type OnboardingEvent, type OnboardingRoute } from './onboarding.types';

/** Where the browser should be for a chart state. */
export type UrlProjection =
  /** A loading or transient state: leave the address as it is. */
  | { kind: 'stay' }
  | { kind: 'internal'; href: string; replace: boolean }
  /** Leaves the SPA (the web app home); always replaces history. */
  | { kind: 'external'; href: string; replace: true };

export interface ProjectableSnapshot {
  value: StateValue;
  context: Pick<OnboardingContext, 'lng' | 'email' | 'interval' | 'plan' | 'historyMode' | 'webAppUrl' | 'origin'>;
}

/** The top-level state of a snapshot value ('size' for { size: 'saving' }). */
export function topState(value: StateValue): string {
  return typeof value === 'string' ? value : (Object.keys(value)[0] ?? '');
}

/**
 * The one pure function from chart state to address (path + search), built from the paths table.
 * Redirects (loader rules, identity check outcome) replace history; moving on a step pushes.
 */
export function projectUrl(snapshot: ProjectableSnapshot): UrlProjection {
  const { context } = snapshot;
  const lng = context.lng;
  const internal = (href: string, replace = context.historyMode === 'replace'): UrlProjection => ({ kind: 'internal', href, replace });
  switch (topState(snapshot.value)) {
    case 'verifyPhone':
      return internal(withSearch(paths.verifyPhone.build(lng), { email: context.email }));
    case 'size':
      return internal(paths.size.build(lng));
    case 'details':
      return internal(withSearch(paths.details.build(lng), { email: context.email }));
    case 'crm':
      return internal(paths.crm.build(lng));
    case 'checkoutForm':
    case 'payment':
      return internal(withSearch(paths.checkoutForm.build(lng), { interval: context.interval, plan: context.plan }));
    case 'nextSteps':
      return internal(paths.nextSteps.build(lng));
    case 'success':
      return internal(paths.onboardingSuccess.build(lng));
    case 'failure':
      return internal(paths.failure.build(lng), true);
    case 'home':
      return internal(paths.home.build(lng), true);
    case 'webApp':
      return { kind: 'external', href: context.webAppUrl, replace: true };
    default:
      // waitingForSession, loadingProfile, savingProviderSignup, routing, identityCheck: transient, with a loading view.
      return { kind: 'stay' };
  }
}

const routeRegexes = onboardingRoutes.map((route) => ({
  route,
  regex: new RegExp(`^${paths[route].pattern.replace(':lng', '([^/]+)')}/?$`),
}));

/** Which onboarding address a pathname is, with its language; null for any other address. */
export function matchOnboardingPath(pathname: string): { route: OnboardingRoute; lng: Language } | null {
  for (const { route, regex } of routeRegexes) {
    const found = regex.exec(pathname);
    if (found && isLanguage(found[1])) return { route, lng: found[1] };
  }
  return null;
}

/**
 * The inverse: an address the browser arrived at (typed, link, back, forward) as the event the
 * chart decides on; null when it is not an onboarding address.
 */
export function locationToEvent(pathname: string, search: string): Extract<OnboardingEvent, { type: 'location.changed' }> | null {
  const matched = matchOnboardingPath(pathname);
  if (!matched) return null;
  return { type: 'location.changed', route: matched.route, search: search.replace(/^\?/, ''), lng: matched.lng };
}

/** Whether the browser's address already is the projected one (same path and same search). */
export function isAtHref(pathname: string, search: string, href: string): boolean {
  const target = new URL(href, 'http://x');
  const current = new URL(`${pathname}${search && !search.startsWith('?') ? `?${search}` : search}`, 'http://x');
  target.searchParams.sort();
  current.searchParams.sort();
  return target.pathname.replace(/\/$/, '') === current.pathname.replace(/\/$/, '') && target.search === current.search;
}
