import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EVENT_NOT_LOGGED,
  MAX_HELD_CALLS,
  USER_ID_NOT_UPDATED,
  analyticsReady,
  expectAnalytics,
  initAnalytics,
  isAnalyticsReady,
  logEvent,
  logPageView,
  resetAnalyticsForTests,
  setAnalyticsUserId,
  track,
} from '../../../src/platform/analytics/analytics';
import { CappedLocalStorage } from '../../../src/platform/analytics/capped-storage';
import type { AnalyticsClients } from '../../../src/platform/analytics/clients';
import {
  ONBOARDING_SESSION_TIMEOUT_MS,
  THROTTLE_WAIT_MS,
  onboardingClientOptions,
  sessionClientOptions,
} from '../../../src/platform/analytics/clients';
import { analyticsEvents } from '../../../src/platform/analytics/events';
import { afterPaintLoader } from '../../../scripts/prerender/after-paint-loader';
import { CARRY_OVER_KEY, CARRY_OVER_MAX_AGE_MS, LEFT_PAGE_KEY, MAX_LEFT_PAGES, takeKept, takeLeftPages } from '../../../src/platform/analytics/carry-over';

const settings = { apiKey: '0123456789abcdef0123456789abcdef', serverUrl: 'http://127.0.0.1:3000/analytics/2/httpapi' };

describe('the two Amplitude clients (SPEC §9)', () => {
  it('configures the session-side client: EU, no default tracking or autocapture, 10 s / 200 / 12 retries', () => {
    expect(sessionClientOptions(settings)).toEqual({
      serverZone: 'EU',
      serverUrl: settings.serverUrl,
      defaultTracking: false,
      autocapture: false,
      fetchRemoteConfig: false,
      remoteConfig: { fetchRemoteConfig: false },
      enableDiagnostics: false,
      logLevel: 2,
      flushIntervalMillis: 10_000,
      flushQueueSize: 200,
      flushMaxRetries: 12,
    });
  });

  it('configures the onboarding client: 1000 ms, 5 retries, 30 a batch, 1000 stored, 30 min sessions, shared identity', () => {
    const options = onboardingClientOptions(settings, { deviceId: 'device-abc', sessionId: 1_700_000_000_000 });
    expect(options).toMatchObject({
      serverZone: 'EU',
      serverUrl: settings.serverUrl,
      defaultTracking: false,
      autocapture: false,
      enableDiagnostics: false,
      flushIntervalMillis: 1000,
      flushMaxRetries: 5,
      flushQueueSize: 30,
      sessionTimeout: 30 * 60 * 1000,
      identityStorage: 'none',
      deviceId: 'device-abc',
      sessionId: 1_700_000_000_000,
    });
    expect(ONBOARDING_SESSION_TIMEOUT_MS).toBe(1_800_000);
    expect(options.storageProvider).toBeInstanceOf(CappedLocalStorage);
    expect((options.storageProvider as CappedLocalStorage<unknown>).cap).toBe(1000);
  });

  it('relies on the SDK destination waiting 30 s after a 429 (the throttle wait)', async () => {
    const { AmplitudeBrowser } = await import('@amplitude/analytics-browser');
    const client = new AmplitudeBrowser();
    await client.init(settings.apiKey, { ...sessionClientOptions(settings), identityStorage: 'none', offline: true }).promise;
    const destination = client.plugin('amplitude') as unknown as { throttleTimeout: number };
    expect(destination.throttleTimeout).toBe(THROTTLE_WAIT_MS);
    expect(THROTTLE_WAIT_MS).toBe(30_000);
  });
});

describe('CappedLocalStorage', () => {
  function memoryStorage(): Storage {
    const map = new Map<string, string>();
    return {
      get length() {
        return map.size;
      },
      key: (index) => [...map.keys()][index] ?? null,
      getItem: (key) => map.get(key) ?? null,
      setItem: (key, value) => void map.set(key, value),
      removeItem: (key) => void map.delete(key),
      clear: () => map.clear(),
    };
  }

  it('keeps at most `cap` events, dropping the oldest, under its own namespace', async () => {
    const backend = memoryStorage();
    const storage = new CappedLocalStorage<number[]>('onboarding', 1000, () => backend);
    await storage.set('AMP_unsent_0123456789', Array.from({ length: 1200 }, (_, index) => index));
    const kept = await storage.get('AMP_unsent_0123456789');
    expect(kept).toHaveLength(1000);
    expect(kept?.[0]).toBe(200);
    expect(backend.getItem('AMP_unsent_0123456789')).toBeNull();
    expect(backend.getItem('onboarding:AMP_unsent_0123456789')).not.toBeNull();
    backend.setItem('other', 'kept');
    await storage.reset();
    expect(backend.length).toBe(1);
    expect(await storage.isEnabled()).toBe(true);
  });
});

function fakeClients() {
  const calls: Array<[string, ...unknown[]]> = [];
  const client = (name: string) =>
    ({
      track: (...args: unknown[]) => {
        calls.push([`${name}.track`, ...args]);
        return { promise: Promise.resolve() };
      },
      setUserId: (id: unknown) => calls.push([`${name}.setUserId`, id]),
      flush: () => ({ promise: Promise.resolve() }),
    }) as unknown as AnalyticsClients['session'];
  return { calls, clients: { session: client('session'), onboarding: client('onboarding') } };
}

describe('logEvent, setAnalyticsUserId, logPageView', () => {
  afterEach(() => {
    resetAnalyticsForTests();
    vi.restoreAllMocks();
  });

  it('drops calls before initialisation with the SPEC warnings', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    logEvent('code verified', { channel: 'sms' });
    setAnalyticsUserId('user-1');
    logPageView('/en');
    expect(warn.mock.calls).toEqual([[EVENT_NOT_LOGGED], [USER_ID_NOT_UPDATED], [EVENT_NOT_LOGGED]]);
    expect(EVENT_NOT_LOGGED).toBe('Amplitude not initialized yet. Event not logged');
    expect(USER_ID_NOT_UPDATED).toBe('Amplitude not initialized yet. User ID not updated');
    expect(isAnalyticsReady()).toBe(false);
  });

  it('stays off without an api key', async () => {
    const load = vi.fn();
    expect(await initAnalytics({ apiKey: '', serverUrl: settings.serverUrl }, load)).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('sends funnel events on the onboarding client and page views on the session client, with the visit context', async () => {
    const { calls, clients } = fakeClients();
    await initAnalytics(settings, async () => ({ createClients: async () => clients }));
    expect(isAnalyticsReady()).toBe(true);
    const store = new Map<string, string>([
      ['utm_source', 'newsletter'],
      ['allo_checkout_custom_code', 'PARTNER10'],
    ]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => store.set(key, value) });
    vi.stubGlobal('sessionStorage', { getItem: () => null, setItem: () => {} });
    vi.stubGlobal('location', { pathname: '/fr/onboarding/checkout-form', origin: 'http://x.test', search: '' });
    try {
      track('paywallViewed', { plan: 'business', interval: 'monthly', currency: 'EUR' });
      setAnalyticsUserId('user-42');
      logPageView('/fr/demo');
      logPageView('/voice-generator');
      logPageView('/fr/voice-generator');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(calls[0]).toEqual([
      'onboarding.track',
      analyticsEvents.paywallViewed,
      { plan: 'business', interval: 'monthly', currency: 'EUR', lng: 'fr', utm_source: 'newsletter', custom_code: 'PARTNER10' },
    ]);
    expect(calls.slice(1, 3)).toEqual([
      ['session.setUserId', 'user-42'],
      ['onboarding.setUserId', 'user-42'],
    ]);
    expect(calls[3]?.[0]).toBe('session.track');
    expect(calls[3]?.[1]).toBe('[Amplitude] Page Viewed');
    expect(calls[3]?.[2]).toMatchObject({ page_path: '/fr/demo', lng: 'fr', landing: 'demo', utm_source: 'newsletter' });
    // No page view for the greeting generator, wherever the segment is.
    expect(calls).toHaveLength(4);
  });
});

describe('events logged while the SDK loads (after the first render)', () => {
  afterEach(() => {
    resetAnalyticsForTests();
    vi.restoreAllMocks();
  });

  it('holds events and the user id once announced, and sends them in order, with their time, when ready', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {} });
    vi.stubGlobal('sessionStorage', { getItem: () => null, setItem: () => {} });
    vi.stubGlobal('location', { pathname: '/en/onboarding', origin: 'http://x.test', search: '' });
    try {
      expectAnalytics(settings);
      const before = Date.now();
      logEvent(analyticsEvents.trialStarted, {});
      setAnalyticsUserId('user-7');
      logEvent(analyticsEvents.onboardingFinished, { first_time: true });
      const { calls, clients } = fakeClients();
      expect(calls).toHaveLength(0);
      await initAnalytics(settings, async () => ({ createClients: async () => clients }));
      expect(await analyticsReady()).toBe(true);
      expect(calls.map((call) => call.slice(0, 2))).toEqual([
        ['onboarding.track', analyticsEvents.trialStarted],
        ['session.setUserId', 'user-7'],
        ['onboarding.setUserId', 'user-7'],
        ['onboarding.track', analyticsEvents.onboardingFinished],
      ]);
      expect(calls[0]?.[2]).toMatchObject({ lng: 'en' });
      const options = calls[0]?.[3] as { time: number };
      expect(options.time).toBeGreaterThanOrEqual(before);
      expect(options.time).toBeLessThanOrEqual(Date.now());
      expect(warn).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps only the latest calls when the SDK never arrives, and drops them with the warning when it fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expectAnalytics(settings);
    for (let index = 0; index < MAX_HELD_CALLS + 5; index += 1) logEvent(`event ${index}`);
    await initAnalytics(settings, async () => {
      throw new Error('chunk failed');
    });
    expect(await analyticsReady()).toBe(false);
    expect(warn.mock.calls.map((call) => call[0])).toContain(`${EVENT_NOT_LOGGED} (${MAX_HELD_CALLS} held)`);
    logEvent('after the failure');
    expect(warn.mock.calls.at(-1)).toEqual([EVENT_NOT_LOGGED]);
  });

  it('does not hold anything when analytics is off (no api key)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expectAnalytics({ apiKey: '', serverUrl: settings.serverUrl });
    logEvent('code sent');
    expect(warn.mock.calls).toEqual([[EVENT_NOT_LOGGED]]);
    await initAnalytics({ apiKey: '', serverUrl: settings.serverUrl });
    expect(await analyticsReady()).toBe(false);
  });
});

describe('calls held when the page is left before the SDK starts', () => {
  afterEach(() => {
    resetAnalyticsForTests();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  /** A browser's localStorage, window and document, enough for a page being left. */
  function browserPage(store: Map<string, string>, pathname = '/en') {
    const listeners = new Map<string, (() => void)[]>();
    const on = (type: string, listener: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value), removeItem: (key: string) => void store.delete(key) });
    vi.stubGlobal('sessionStorage', { getItem: () => null, setItem: () => {} });
    vi.stubGlobal('location', { pathname, origin: 'http://x.test', search: '' });
    vi.stubGlobal('window', { addEventListener: on });
    vi.stubGlobal('document', { title: 'Start', referrer: '', visibilityState: 'visible', addEventListener: on });
    return { leave: () => (listeners.get('pagehide') ?? []).forEach((listener) => listener()) };
  }

  it('keeps the page views of a page left within its first seconds and sends them first at the next start, once', async () => {
    const store = new Map<string, string>();
    const first = browserPage(store);
    expectAnalytics(settings);
    const before = Date.now();
    logPageView('/en');
    logPageView('/en/sign-in-otp');
    first.leave();
    expect(JSON.parse(store.get(CARRY_OVER_KEY) ?? '[]')).toHaveLength(2);

    // The next page (a full load): a new document, the same storage.
    resetAnalyticsForTests();
    browserPage(store);
    expectAnalytics(settings);
    expect(store.has(CARRY_OVER_KEY)).toBe(false);
    logPageView('/en/demo');
    const { calls, clients } = fakeClients();
    await initAnalytics(settings, async () => ({ createClients: async () => clients }));
    expect(calls.map((call) => [call[0], (call[2] as { page_path?: string }).page_path])).toEqual([
      ['session.track', '/en'],
      ['session.track', '/en/sign-in-otp'],
      ['session.track', '/en/demo'],
    ]);
    expect((calls[0]?.[3] as { time: number }).time).toBeGreaterThanOrEqual(before);
    expect(calls[0]?.[2]).toMatchObject({ landing: 'start', page_title: 'Start' });
    expect(store.has(CARRY_OVER_KEY)).toBe(false);
  });

  it('logs the view of a prerendered page left before its app ran (the loader kept it) first at the next start, with its address’s utm', async () => {
    const store = new Map<string, string>();
    const shownAt = Date.now() - 800;
    // What scripts/prerender/after-paint.js wrote on pagehide: the app's code never ran on /en.
    store.set(LEFT_PAGE_KEY, JSON.stringify({ path: '/en', search: '?utm_source=ad-1', title: 'Start', referrer: 'https://search.test/', time: shownAt }));
    browserPage(store, '/en/sign-in-otp');
    expectAnalytics(settings);
    expect(store.has(LEFT_PAGE_KEY)).toBe(false);
    expect(store.get('utm_source')).toBe('ad-1');
    logPageView('/en/sign-in-otp');
    const { calls, clients } = fakeClients();
    await initAnalytics(settings, async () => ({ createClients: async () => clients }));
    expect(calls.map((call) => [call[0], (call[2] as { page_path?: string }).page_path])).toEqual([
      ['session.track', '/en'],
      ['session.track', '/en/sign-in-otp'],
    ]);
    expect(calls[0]?.[2]).toMatchObject({ lng: 'en', landing: 'start', utm_source: 'ad-1', page_location: 'http://x.test/en?utm_source=ad-1', page_title: 'Start', referrer: 'https://search.test/' });
    expect(calls[0]?.[3]).toEqual({ time: shownAt });
    expect(calls[1]?.[2]).toMatchObject({ utm_source: 'ad-1' });
  });

  it('logs every prerendered page left in a row before any app ran, oldest first (the second record does not erase the first), but none for the greeting generator', async () => {
    const store = new Map<string, string>();
    const shownAt = Date.now() - 3000;
    store.set(
      LEFT_PAGE_KEY,
      JSON.stringify([
        { path: '/en', search: '?utm_source=ad-2', title: 'Start', referrer: '', time: shownAt },
        // Prerendered too, and left the same way: its record is read, its view is not logged (SPEC §2).
        { path: '/voice-generator', search: '', title: 'Greetings', referrer: '', time: shownAt + 500 },
        { path: '/en/sign-in-otp', search: '', title: 'Sign in', referrer: '', time: shownAt + 1000 },
      ]),
    );
    browserPage(store, '/en/demo');
    expectAnalytics(settings);
    logPageView('/en/demo');
    const { calls, clients } = fakeClients();
    await initAnalytics(settings, async () => ({ createClients: async () => clients }));
    expect(calls.map((call) => (call[2] as { page_path?: string }).page_path)).toEqual(['/en', '/en/sign-in-otp', '/en/demo']);
    expect(calls[1]?.[2]).toMatchObject({ utm_source: 'ad-2' });
    expect(calls[0]?.[2]).toMatchObject({ landing: 'start', utm_source: 'ad-2' });
    expect(calls[1]?.[3]).toEqual({ time: shownAt + 1000 });
  });

  it('removes the loader’s record of a page whose app logged the view itself (never sent twice), keeps it otherwise', () => {
    const store = new Map<string, string>();
    const page = browserPage(store);
    expectAnalytics(settings);
    logPageView('/en');
    // The loader's pagehide listener runs first (registered before the app's), then the app's.
    store.set(LEFT_PAGE_KEY, JSON.stringify({ path: '/en', search: '', title: 'Start', referrer: '', time: Date.now() }));
    page.leave();
    expect(store.has(LEFT_PAGE_KEY)).toBe(false);
    expect((JSON.parse(store.get(CARRY_OVER_KEY) ?? '[]') as { properties: { page_path: string } }[]).map((call) => call.properties.page_path)).toEqual(['/en']);

    // The app's code ran but the page was left before the shell's first render logged its view: the
    // loader's record stands for the next start.
    resetAnalyticsForTests();
    store.clear();
    const early = browserPage(store);
    expectAnalytics(settings);
    store.set(LEFT_PAGE_KEY, JSON.stringify({ path: '/en', search: '', title: 'Start', referrer: '', time: Date.now() }));
    early.leave();
    expect(store.has(LEFT_PAGE_KEY)).toBe(true);
  });

  it('takes a loader’s record only of its shape and under a week old; the loader writes it under the same key', async () => {
    const store = new Map<string, string>();
    const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value), removeItem: (key: string) => void store.delete(key) };
    const now = Date.now();
    const page = { path: '/fr', search: '', title: 'Accueil', referrer: '', time: now };
    for (const bad of [{ ...page, path: 'https://evil.test/' }, { ...page, title: 'x'.repeat(2001) }, { ...page, time: now - CARRY_OVER_MAX_AGE_MS }, { ...page, time: now + 60_000 }, { ...page, search: 1 }, null]) {
      store.set(LEFT_PAGE_KEY, JSON.stringify(bad));
      expect(takeLeftPages(now, storage)).toEqual([]);
      expect(store.has(LEFT_PAGE_KEY)).toBe(false);
    }
    // A single record (an older loader's) and the list the loader writes now, bad entries dropped.
    store.set(LEFT_PAGE_KEY, JSON.stringify(page));
    expect(takeLeftPages(now, storage)).toEqual([page]);
    const later = { ...page, path: '/fr/demo', time: now - 1 };
    store.set(LEFT_PAGE_KEY, JSON.stringify([{ ...page, time: now - 5 }, { ...page, path: 'https://evil.test/' }, later]));
    expect(takeLeftPages(now, storage)).toEqual([{ ...page, time: now - 5 }, later]);
    store.set(LEFT_PAGE_KEY, JSON.stringify(Array.from({ length: MAX_LEFT_PAGES + 5 }, (_, index) => ({ ...page, time: now - 100 + index }))));
    expect(takeLeftPages(now, storage)).toHaveLength(MAX_LEFT_PAGES);
    // The loader as the build ships it writes under the same key and keeps as many.
    const loader = await afterPaintLoader(fileURLToPath(new URL('../../..', import.meta.url)));
    expect(loader).toContain(`localStorage.setItem(${JSON.stringify(LEFT_PAGE_KEY)}`);
    expect(loader).toContain(`.slice(${1 - MAX_LEFT_PAGES})`);
  });

  it('drops kept calls that are not of its shape or a week old', () => {
    const store = new Map<string, string>();
    const now = Date.now();
    store.set(
      CARRY_OVER_KEY,
      JSON.stringify([
        { kind: 'event', client: 'session', name: 'x', properties: {}, time: now - CARRY_OVER_MAX_AGE_MS - 1 },
        { kind: 'event', client: 'evil', name: 'x', properties: {}, time: now },
        { kind: 'event', client: 'onboarding', name: 'kept', properties: { a: 1 }, time: now },
        'nonsense',
        { kind: 'userId', id: 'u1' },
      ]),
    );
    const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value), removeItem: (key: string) => void store.delete(key) };
    expect(takeKept(now, MAX_HELD_CALLS, storage)).toEqual([
      { kind: 'event', client: 'onboarding', name: 'kept', properties: { a: 1 }, time: now },
      { kind: 'userId', id: 'u1' },
    ]);
    expect(store.has(CARRY_OVER_KEY)).toBe(false);
    store.set(CARRY_OVER_KEY, '{not json');
    expect(takeKept(now, MAX_HELD_CALLS, storage)).toEqual([]);
  });
});
