import type { PublicConfig } from '../../contracts/public-config';
import { loadChatWidget } from '../widgets/chat-widget';
import { loadTagManager } from '../widgets/tag-manager';
import { initAnalytics } from './analytics';

/**
 * Runs `task` once the page is interactive: after the load event, in an idle moment (or within
 * `timeoutMs`), so analytics and third-party widgets never compete with the first paint.
 */
export function whenInteractive(task: () => void, timeoutMs = 2000): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    else window.setTimeout(task, 1);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

let started = false;

/**
 * Analytics, chat widget and tag manager, started once (SPEC §2: at application start-up, after the
 * page is interactive). The widgets load only when their ids are configured; analytics posts to the
 * server URL from the config (this server's ingest unless AMPLITUDE_API_KEY is set).
 */
export function startAnalyticsAndWidgets(config: PublicConfig): void {
  if (started) return;
  started = true;
  whenInteractive(() => {
    void initAnalytics({ apiKey: config.analytics.apiKey, serverUrl: config.analytics.serverUrl });
    loadChatWidget(config.widgets.intercomAppId);
    loadTagManager(config.widgets.gtmId);
  });
}
