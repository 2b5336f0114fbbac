import { saveTrackingParams } from '../../../core/routes/tracking-params';
import { nextTask } from '../../lib/next-task';
import { forgetKept, forgetLeftPage, keepForNextStart, takeKept, takeLeftPages, type HeldCall, type LeftPage } from './carry-over';
import type { AnalyticsClients, AnalyticsSettings, createClients } from './clients';
import { eventContext, isPageViewExcluded, rememberLanding } from './context';
import { analyticsEvents, type AnalyticsEventKey, type EventProperties } from './events';

/**
 * The product's analytics API. Safe to import and call from anywhere, at any time. The SDK loads
 * after the first page has rendered (it is not needed to paint or type); from the moment the app
 * announces it (`expectAnalytics`, at boot) until the clients exist, events and the user id are
 * held in order, with the time they happened, and sent once ready — a funnel event logged by a
 * loader in the first second is not lost. A page hidden or left before then keeps them for the next
 * start (./carry-over), which sends them first. Calls made before that announcement, or when
 * analytics is off or failed to start, are dropped with the console warnings of SPEC §8.
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
/** Calls held between `expectAnalytics` and the clients being ready (bounded: a stuck start drops the oldest). */
let held: HeldCall[] | null = null;
export const MAX_HELD_CALLS = 100;
let announceReady: (ready: boolean) => void = () => {};
let ready = new Promise<boolean>((resolve) => {
  announceReady = resolve;
});

/**
 * Announces that the clients will be created (the app calls it at boot when an api key is
 * configured): from now on calls wait for them instead of being dropped. What an earlier page kept
 * when it was left before its SDK started goes first; this page keeps its own the same way.
 */
export function expectAnalytics(settings: AnalyticsSettings): void {
  if (clients || held || !settings.apiKey || !settings.serverUrl) return;
  held = takeKept(Date.now(), MAX_HELD_CALLS);
  for (const left of takeLeftPages(Date.now())) holdLeftPage(left);
  keepWhenLeaving();
}

/**
 * The view of a prerendered page left before its app ran (./carry-over): held as that page would
 * have held it, after saving the tracking params of its address (the app chart saves them from the
 * address it starts on, which this page never had) and taking it as the visit's landing page.
 */
function holdLeftPage(page: LeftPage): void {
  saveTrackingParams(page.search);
  // The greeting generator logs no page view (SPEC §2), as logPageView: its loader keeps a record
  // all the same (a plain script, it knows no page's rule), and it is read here, not logged.
  if (isPageViewExcluded(page.path)) return;
  rememberLanding(page.path);
  const origin = globalThis.location?.origin ?? '';
  hold({ kind: 'event', client: 'session', name: analyticsEvents.pageViewed, properties: pageViewProperties(page, origin), time: page.time });
}

/** A page view's properties: the page as it was shown, with the visit context. */
function pageViewProperties(page: Omit<LeftPage, 'time'>, origin: string): Record<string, unknown> {
  return {
    ...eventContext(page.path),
    page_path: page.path,
    page_location: `${origin}${page.path}${page.search}`,
    page_title: page.title || undefined,
    referrer: page.referrer || undefined,
  };
}

let keeping = false;
/** Whether this document logged a page view (held or sent): then the loader's record of it is not needed. */
let viewed = false;

/** While the SDK is not ready, a page hidden or left keeps what is held for the next start. */
function keepWhenLeaving(): void {
  if (keeping || typeof window === 'undefined' || typeof document === 'undefined') return;
  keeping = true;
  const keep = () => {
    // This page's own view is held or sent: the loader's record of it (./carry-over) is not needed.
    // Without one (left before the shell's first render), the record stands for the next start.
    if (viewed) forgetLeftPage();
    if (!clients && held && held.length > 0) keepForNextStart(held, MAX_HELD_CALLS);
  };
  window.addEventListener('pagehide', keep);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') keep();
  });
}

/** Resolves true once the clients are ready, false when analytics is off or could not start. */
export function analyticsReady(): Promise<boolean> {
  return ready;
}

/** Holds `call` until the clients are ready, or returns false (not announced: the caller warns). */
function hold(call: HeldCall): boolean {
  if (!held) return false;
  if (held.length >= MAX_HELD_CALLS) held.shift();
  held.push(call);
  return true;
}

/** A held call, made now on the ready clients (an event with the time it happened). */
function replay(ready: AnalyticsClients, call: HeldCall): void {
  if (call.kind === 'userId') {
    ready.session.setUserId(call.id ?? undefined);
    ready.onboarding.setUserId(call.id ?? undefined);
    return;
  }
  void ready[call.client].track(call.name, call.properties, { time: call.time, ...(call.userId ? { user_id: call.userId } : {}) }).promise;
}

export function isAnalyticsReady(): boolean {
  return clients !== null;
}

/**
 * Funnel and product events (onboarding client: flushed within a second). `userId` names the person
 * on this event even when it was logged before the profile had set the client's user id — the
 * once-per-user milestones need it so the ingest can keep exactly one per person.
 */
export function logEvent(name: string, properties: Record<string, unknown> = {}, options: { userId?: string } = {}): void {
  const who = options.userId ? { user_id: options.userId } : null;
  // Sent or held, the context (and the time) are those of the moment it happened.
  const event = { ...eventContext(), ...properties };
  if (clients) {
    void (who ? clients.onboarding.track(name, event, who) : clients.onboarding.track(name, event)).promise;
    return;
  }
  if (!hold({ kind: 'event', client: 'onboarding', name, properties: event, time: Date.now(), ...(options.userId ? { userId: options.userId } : {}) })) console.warn(EVENT_NOT_LOGGED);
}

/** `logEvent` with the event's property shape checked at compile time. */
export function track<K extends AnalyticsEventKey>(key: K, properties: EventProperties<K>): void {
  logEvent(analyticsEvents[key], properties as Record<string, unknown>);
}

/** Attach (or, with null, detach on sign-out) the user id on both clients. */
export function setAnalyticsUserId(id: string | null): void {
  if (clients) return replay(clients, { kind: 'userId', id });
  if (!hold({ kind: 'userId', id })) console.warn(USER_ID_NOT_UPDATED);
}

/**
 * One page view (session-side client); none for the greeting generator (SPEC §2). Before the SDK
 * is ready it is held with what the page was then (its title, referrer and context).
 */
export function logPageView(path: string): void {
  if (isPageViewExcluded(path)) return;
  if (!clients && !held) {
    console.warn(EVENT_NOT_LOGGED);
    return;
  }
  viewed = true;
  rememberLanding(path);
  const location = globalThis.location;
  const document = globalThis.document;
  const page = { path, search: location?.search ?? '', title: document?.title ?? '', referrer: document?.referrer ?? '' };
  const properties = pageViewProperties(page, location?.origin ?? '');
  if (clients) void clients.session.track(analyticsEvents.pageViewed, properties).promise;
  else hold({ kind: 'event', client: 'session', name: analyticsEvents.pageViewed, properties, time: Date.now() });
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
    giveUpHeld();
    initialising = Promise.resolve(null);
    return initialising;
  }
  // The SDK chunk's evaluation, each client's start and the held calls' replay each in a task of its
  // own (nextTask): together they were one ~350 ms task at 4× CPU on the paywall (#40.2). Calls made
  // in between are held as before, so nothing is lost or reordered.
  initialising = load()
    .then(async (module) => {
      await nextTask();
      return module.createClients(settings);
    })
    .then(async (created) => {
      await nextTask();
      clients = created;
      for (const call of held?.splice(0) ?? []) replay(created, call);
      held = null;
      // The SDK's own queue holds them now (and sends them by beacon when the page is left).
      forgetKept();
      announceReady(true);
      for (const listener of [...readyListeners]) listener();
      readyListeners.clear();
      return created;
    })
    .catch((error: unknown) => {
      console.warn('Analytics could not start', error);
      giveUpHeld();
      return null;
    });
  return initialising;
}

function giveUpHeld(): void {
  if (held && held.length > 0) console.warn(`${EVENT_NOT_LOGGED} (${held.length} held)`);
  held = null;
  announceReady(false);
}

/** Tests only: forget the clients so each test starts uninitialised. */
export function resetAnalyticsForTests(): void {
  clients = null;
  initialising = null;
  held = null;
  keeping = false;
  viewed = false;
  readyListeners.clear();
  ready = new Promise<boolean>((resolve) => {
    announceReady = resolve;
  });
}
