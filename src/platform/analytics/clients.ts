import { createInstance, type Types } from '@amplitude/analytics-browser';
import { nextTask } from '../../lib/next-task';
import { CappedLocalStorage } from './capped-storage';

/**
 * The two Amplitude browser clients of SPEC §9. This module is loaded lazily (see ./analytics.ts) so
 * the SDK stays out of the start page's critical JavaScript.
 *
 * - session-side client: page views and identity; batches patiently (every 10 s, 200 a batch, 12
 *   retries, 30 s wait when the server throttles).
 * - onboarding client: funnel events; flushes every second so an event logged just before a
 *   redirect (to the payment provider, to the web app) is already sent.
 *
 * Both post to `serverUrl` from /config.json: this server's ingest by default, Amplitude's EU
 * endpoint when AMPLITUDE_API_KEY is set. Default tracking, autocapture, remote configuration and
 * SDK diagnostics are off in both: each of those would add events or contact Amplitude's own hosts
 * on its own, and nothing may leave the machine unless configured.
 */

export type AnalyticsClient = Types.BrowserClient;

export interface AnalyticsClients {
  session: AnalyticsClient;
  onboarding: AnalyticsClient;
}

export interface AnalyticsSettings {
  apiKey: string;
  serverUrl: string;
}

/** When the server answers 429 the SDK waits this long before retrying throttled events. */
export const THROTTLE_WAIT_MS = 30_000;
export const ONBOARDING_STORAGE_CAP = 1000;
export const ONBOARDING_SESSION_TIMEOUT_MS = 30 * 60 * 1000;

const quietDefaults = {
  serverZone: 'EU',
  defaultTracking: false,
  autocapture: false,
  fetchRemoteConfig: false,
  remoteConfig: { fetchRemoteConfig: false },
  enableDiagnostics: false,
  logLevel: 2, // LogLevel.Warn: SDK errors reach the console, chatter does not.
} satisfies Types.BrowserOptions;

export function sessionClientOptions(settings: AnalyticsSettings): Types.BrowserOptions {
  return {
    ...quietDefaults,
    serverUrl: settings.serverUrl,
    flushIntervalMillis: 10_000,
    flushQueueSize: 200,
    flushMaxRetries: 12,
  };
}

export function onboardingClientOptions(
  settings: AnalyticsSettings,
  identity: { deviceId?: string; sessionId?: number },
): Types.BrowserOptions {
  return {
    ...quietDefaults,
    serverUrl: settings.serverUrl,
    flushIntervalMillis: 1000,
    flushMaxRetries: 5,
    flushQueueSize: 30,
    sessionTimeout: ONBOARDING_SESSION_TIMEOUT_MS,
    // Both clients share one api key, hence one SDK storage key; the onboarding queue gets its own
    // namespace (and its cap) so the two clients never overwrite each other's unsent events.
    storageProvider: new CappedLocalStorage('onboarding', ONBOARDING_STORAGE_CAP),
    // One visitor, one device and session: the session-side client owns the identity cookie and the
    // onboarding client borrows it rather than minting its own.
    identityStorage: 'none',
    ...(identity.deviceId ? { deviceId: identity.deviceId } : {}),
    ...(identity.sessionId ? { sessionId: identity.sessionId } : {}),
  };
}

export async function createClients(settings: AnalyticsSettings): Promise<AnalyticsClients> {
  const session = createInstance();
  await session.init(settings.apiKey, sessionClientOptions(settings)).promise;
  // The second client's start in a task of its own (see initAnalytics).
  await nextTask();
  const onboarding = createInstance();
  await onboarding.init(
    settings.apiKey,
    onboardingClientOptions(settings, { deviceId: session.getDeviceId(), sessionId: session.getSessionId() }),
  ).promise;
  flushWhenLeaving([session, onboarding]);
  return { session, onboarding };
}

/**
 * Events still queued when the tab is hidden or closed go out with sendBeacon, which the browser
 * completes after the page is gone (fetch would be cancelled). Back to fetch when visible again.
 */
function flushWhenLeaving(clients: AnalyticsClient[]): void {
  if (typeof document === 'undefined') return;
  const onVisibility = () => {
    const hidden = document.visibilityState === 'hidden';
    for (const client of clients) {
      client.setTransport(hidden ? 'beacon' : 'fetch');
      if (hidden) void client.flush().promise;
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', () => {
    for (const client of clients) {
      client.setTransport('beacon');
      void client.flush().promise;
    }
  });
}
