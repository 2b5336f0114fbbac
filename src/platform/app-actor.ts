import type { Actor } from 'xstate';
import type { appMachine } from '../../machines/app.machine';
import type { AddressFacts } from '../../machines/app.types';
import { hasPersonSession } from './session/signed-in';
import { detectLanguage } from '../../core/routes/languages';
import { readTrackingParams } from '../../core/routes/tracking-params';

/** The custom_code and utm values kept in storage (SPEC §2). */
export function storedTracking(): Record<string, string> {
  return Object.fromEntries(Object.entries(readTrackingParams()).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The browser's address now (or the one a link asks for), with what the chart's guards read alongside it. */
export function currentAddress(href = `${window.location.pathname}${window.location.search}`): AddressFacts {
  const tracking = storedTracking();
  const url = new URL(href, window.location.origin);
  return {
    pathname: url.pathname,
    search: url.search.replace(/^\?/, ''),
    detected: detectLanguage(),
    // An anonymous session (from another of the product's sites) is not a signed-in person: the
    // landing pages stay theirs to sign up from (SPEC §6).
    signedIn: hasPersonSession(),
    tracking,
  };
}

/** Whether a history entry is one the funnel pushed (its in-page Back may use the browser's Back). */
export function isFunnelEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { funnelStep?: unknown }).funnelStep === true;
}

/** The tab's application chart, with the browser's actors provided (src/app/address/start-app.ts). */
export type AppActor = Actor<typeof appMachine>;

let actor: AppActor | null = null;

/**
 * Kept here, below the features, so a page can talk to the app chart without importing the
 * composition root that starts it (src/app/address/start-app.ts, at boot, before any page renders).
 */
export function holdAppActor(started: AppActor): void {
  actor = started;
}

/** The started chart, or null before boot (so starting twice returns the first). */
export function runningAppActor(): AppActor | null {
  return actor;
}

/** The tab's application chart (started once, at boot, by the composition root). */
export function appActor(): AppActor {
  if (!actor) throw new Error('The app chart starts at boot (src/app/address/start-app.ts) before anything asks for it.');
  return actor;
}

/**
 * A link (or anything routing through the router) asks for `to`: the chart is told, and history
 * gets only the page it decides on, from its projection (a move pushes, a page it refuses is never
 * written). The router's `replace` option has no say: the chart decides how an address enters.
 */
export function followLink(to: string): void {
  appActor().send({ type: 'url.changed', link: true, ...currentAddress(to) });
}
