import type { AnalyticsClients, AnalyticsSettings, createClients } from './clients';
import { eventContext, isPageViewExcluded, rememberLanding } from './context';
import { analyticsEvents, type AnalyticsEventKey, type EventProperties } from './events';

/**
 * The product's analytics API. Safe to import and call from anywhere, at any time: until the app
 * shell has initialised the clients (after the page is interactive), calls are dropped with the
 * console warnings of SPEC §8.
 *
 *   logEvent(analyticsEvents.paywallViewed, { plan, interval, currency });
 *   track('paywallViewed', { plan, interval, currency });          // same, with typed properties
 *   setAnalyticsUserId(profile.id);                                 // once the profile is loaded
 *
 * Every event gets the visit context (lng, landing, custom_code, utm_*) added; see ./context.ts.
 */

export const EVENT_NOT_LOGGED = 'Amplitude not initialized yet. Event not logged';
export const USER_ID_NOT_UPDATED = 'Amplitude not initialized yet. User ID not updated';

let clients: AnalyticsClients | null = null;
let initialising: Promise<AnalyticsClients | null> | null = null;
const readyListeners = new Set<() => void>();

export function isAnalyticsReady(): boolean {
  return clients !== null;
}

/** Funnel and product events (onboarding client: flushed within a second). */
export function logEvent(name: string, properties: Record<string, unknown> = {}): void {
  if (!clients) {
    console.warn(EVENT_NOT_LOGGED);
    return;
  }
  void clients.onboarding.track(name, { ...eventContext(), ...properties }).promise;
}

/** `logEvent` with the event's property shape checked at compile time. */
export function track<K extends AnalyticsEventKey>(key: K, properties: EventProperties<K>): void {
  logEvent(analyticsEvents[key], properties as Record<string, unknown>);
}

/** Attach (or, with null, detach on sign-out) the user id on both clients. */
export function setAnalyticsUserId(id: string | null): void {
  if (!clients) {
    console.warn(USER_ID_NOT_UPDATED);
    return;
  }
  clients.session.setUserId(id ?? undefined);
  clients.onboarding.setUserId(id ?? undefined);
}

/** One page view (session-side client); none for the greeting generator (SPEC §2). */
export function logPageView(path: string): void {
  if (isPageViewExcluded(path)) return;
  if (!clients) {
    console.warn(EVENT_NOT_LOGGED);
    return;
  }
  rememberLanding(path);
  const location = globalThis.location;
  void clients.session.track(analyticsEvents.pageViewed, {
    ...eventContext(path),
    page_path: path,
    page_location: location ? `${location.origin}${path}${location.search}` : path,
    page_title: globalThis.document?.title,
    referrer: globalThis.document?.referrer || undefined,
  }).promise;
}

/** Sends whatever is queued now (tests, and before navigating away to another site). */
export async function flushAnalytics(): Promise<void> {
  if (!clients) return;
  await Promise.all([clients.session.flush().promise, clients.onboarding.flush().promise]);
}

/** Runs `listener` once the clients are ready (at once if they already are). Returns an unsubscribe. */
export function onAnalyticsReady(listener: () => void): () => void {
  if (clients) {
    listener();
    return () => {};
  }
  readyListeners.add(listener);
  return () => readyListeners.delete(listener);
}

/**
 * Creates the two clients (loading the SDK on demand). Called once by the app shell after the page is
 * interactive; a missing api key leaves analytics off (calls keep warning and dropping).
 */
export function initAnalytics(
  settings: AnalyticsSettings,
  load: () => Promise<{ createClients: typeof createClients }> = () => import('./clients'),
): Promise<AnalyticsClients | null> {
  if (initialising) return initialising;
  if (!settings.apiKey || !settings.serverUrl) {
    initialising = Promise.resolve(null);
    return initialising;
  }
  initialising = load()
    .then((module) => module.createClients(settings))
    .then((created) => {
      clients = created;
      for (const listener of [...readyListeners]) listener();
      readyListeners.clear();
      return created;
    })
    .catch((error: unknown) => {
      console.warn('Analytics could not start', error);
      return null;
    });
  return initialising;
}

/** Tests only: forget the clients so each test starts uninitialised. */
export function resetAnalyticsForTests(): void {
  clients = null;
  initialising = null;
  readyListeners.clear();
}
