import type { Plugin } from 'vite';

/**
 * Amplitude's browser SDK imports its optional plugins statically (autocapture with its element
 * selector, network capture, web vitals, page-view tracking, page-URL and custom enrichment, event
 * property attribution) and adds each only when its option is on. The product's clients turn every
 * one of them off (`quietDefaults` in src/platform/analytics/clients.ts: no default tracking, no
 * autocapture, no custom enrichment), yet a bundler cannot see that, so they were half of the
 * analytics chunk (51.6 → ~30 KB compressed without them, #40). In the client build these packages
 * are replaced by stand-ins whose factories throw, naming this file: turning one of those options on
 * fails loudly on the SDK's init (the analytics browser test sees no events) instead of doing nothing.
 */
const optionalPlugins: Record<string, string[]> = {
  '@amplitude/plugin-autocapture-browser': ['autocapturePlugin', 'frustrationPlugin', 'performancePlugin'],
  '@amplitude/plugin-network-capture-browser': ['plugin'],
  '@amplitude/plugin-web-vitals-browser': ['webVitalsPlugin'],
  '@amplitude/plugin-page-view-tracking-browser': ['pageViewTrackingPlugin'],
  '@amplitude/plugin-page-url-enrichment-browser': ['pageUrlEnrichmentPlugin'],
  '@amplitude/plugin-custom-enrichment-browser': ['customEnrichmentPlugin'],
  '@amplitude/plugin-event-property-attribution-browser': ['eventPropertyTrackingPlugin'],
};

const PREFIX = '\0amplitude-off:';

export function amplitudeWithoutOptionalPlugins(): Plugin {
  return {
    name: 'amplitude-without-optional-plugins',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id in optionalPlugins ? `${PREFIX}${id}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      const off = (exported: string) =>
        `export const ${exported} = () => { throw new Error(${JSON.stringify(`${name} (${exported}) is left out of the client build by scripts/vite-amplitude.ts: turn the option back off or take it out of that list`)}); };`;
      return optionalPlugins[name]!.map(off).join('\n');
    },
  };
}
