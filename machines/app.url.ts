import type { StateValue } from 'xstate';
import { paths } from '../core/routes/paths';
import type { AppContext } from './app.types';

/** Where the browser should be for an app chart state. */
export type AddressProjection =
  /** Deciding (a transient state), signing out, or the funnel loading: leave the address as it is. */
  | { kind: 'stay' }
  /** `funnelStep`: an entry of the funnel, so its in-page Back can use the browser's Back. */
  | { kind: 'internal'; href: string; replace: boolean; funnelStep: boolean }
  /** Leaves the SPA (payment provider, card page, web app). */
  | { kind: 'external'; href: string; replace: boolean };

export interface ProjectableAppSnapshot {
  value: StateValue;
  context: Pick<AppContext, 'lng' | 'page' | 'search' | 'historyMode' | 'leaveTo' | 'funnel' | 'linkPending'>;
}

function pageState(value: StateValue): string {
  if (typeof value === 'string') return value;
  const page = value.page;
  if (page === undefined) return '';
  return typeof page === 'string' ? page : (Object.keys(page)[0] ?? '');
}

function pageAddress(context: ProjectableAppSnapshot['context'], replace: boolean, funnelStep: boolean): AddressProjection {
  const path = paths[context.page].build(context.lng);
  return { kind: 'internal', href: context.search ? `${path}?${context.search}` : path, replace, funnelStep };
}

/**
 * The one pure function from the app chart's state to the browser's address, language included,
 * built from the paths table. The funnel's address is its own chart's projection
 * (onboarding.url.ts), which the app chart keeps as it reports it.
 */
export function projectAddress(snapshot: ProjectableAppSnapshot): AddressProjection {
  const { context } = snapshot;
  const replace = context.historyMode === 'replace';
  switch (pageState(snapshot.value)) {
    case 'routing':
    case 'signingOut':
      return { kind: 'stay' };
    case 'leaving':
      return context.leaveTo ? { kind: 'external', href: context.leaveTo, replace } : { kind: 'stay' };
    case 'funnel':
      // A link's move is an entry of the funnel too, but the one before it is not a step.
      if (context.funnel?.href) return { kind: 'internal', href: context.funnel.href, replace, funnelStep: context.historyMode !== 'link' };
      // Until the funnel reports where it is: after a link, the address the visitor was on (the
      // funnel may refuse the page); after a load or Back, the funnel page the browser is at.
      return context.linkPending ? { kind: 'stay' } : pageAddress(context, replace, true);
    default:
      return pageAddress(context, replace, false);
  }
}
