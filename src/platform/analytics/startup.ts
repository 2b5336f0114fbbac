import { afterFirstRender } from '../../lib/first-render';
import type { PublicConfig } from '../../../core/contracts/public-config';
import { loadWidgets } from '../widgets/widgets.lazy';
import { initAnalytics } from './analytics';

let started = false;

/**
 * Analytics, chat widget and tag manager, started once (SPEC §2: at application start-up, after the
 * page is interactive: after the first page has rendered, the load event and an idle moment). The
 * widgets load only when their ids are configured; analytics posts to the server URL from the
 * config (this server's ingest unless AMPLITUDE_API_KEY is set).
 */
export function startAnalyticsAndWidgets(config: PublicConfig): void {
  if (started) return;
  started = true;
  afterFirstRender(() => {
    void initAnalytics({ apiKey: config.analytics.apiKey, serverUrl: config.analytics.serverUrl });
    loadWidgets(config.widgets);
  });
}
