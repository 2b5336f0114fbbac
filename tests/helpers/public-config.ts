import type { PublicConfig } from '../../core/contracts/public-config';

/** A complete `/config.json` as the server serves it, for unit tests of browser code; override what a test is about. */
export function testPublicConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    environment: 'test',
    auth: { url: 'https://app.test/auth/v1', publishableKey: 'pk', cookieDomain: null },
    apiUrl: 'https://app.test',
    functionsUrl: 'https://app.test/functions/v1',
    greetingsUrl: 'https://app.test/greetings',
    geoCountryUrl: 'https://app.test/geo/country',
    webAppUrl: 'https://app.test/account',
    appLinks: { web: 'w', macos: 'm', windows: 'x', ios: 'i', android: 'a' },
    analytics: { serverUrl: 'https://app.test/analytics', apiKey: 'k' },
    payments: { provider: 'local', stripePublishableKey: null },
    widgets: { intercomAppId: null, gtmId: null },
    features: { devOutbox: false, chartViewer: false },
    captcha: { provider: 'off' },
    ...overrides,
  };
}
