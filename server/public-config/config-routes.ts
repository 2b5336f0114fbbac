import type { FastifyInstance } from 'fastify';
import { publicConfigSchema, type PublicConfig } from '../../core/contracts/public-config';
import { publicOrigin } from '../http/public-origin';

export function buildPublicConfig(app: FastifyInstance, origin: string): PublicConfig {
  const env = app.env;
  const settings = app.publicSettings;
  const webAppUrl = env.WEB_APP_URL ?? `${origin}/account`;
  const config: PublicConfig = {
    environment: env.NODE_ENV,
    auth: {
      url: env.SUPABASE_URL ?? origin,
      publishableKey: env.SUPABASE_PUBLISHABLE_KEY ?? settings.authPublishableKey ?? '',
      cookieDomain: env.COOKIE_DOMAIN ?? null,
    },
    apiUrl: origin,
    functionsUrl: `${origin}/functions/v1`,
    greetingsUrl: `${origin}/greetings`,
    geoCountryUrl: env.GEO_COUNTRY_URL ?? `${origin}/geo/country`,
    webAppUrl,
    // Only what is configured: without WEB_APP_URL there is no web app (the account page is a
    // billing page, not "calls and texts in your browser"), without a download URL no download.
    appLinks: {
      web: env.WEB_APP_URL ?? null,
      macos: env.APP_DOWNLOAD_MACOS_URL ?? null,
      windows: env.APP_DOWNLOAD_WINDOWS_URL ?? null,
      ios: env.APP_STORE_URL ?? null,
      android: env.PLAY_STORE_URL ?? null,
    },
    analytics: {
      serverUrl: env.AMPLITUDE_API_KEY ? 'https://api.eu.amplitude.com/2/httpapi' : `${origin}/analytics/2/httpapi`,
      apiKey: env.AMPLITUDE_API_KEY ?? settings.analyticsApiKey ?? '',
    },
    payments: {
      provider: settings.paymentsProvider ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'local'),
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    },
    widgets: {
      intercomAppId: env.INTERCOM_APP_ID ?? null,
      gtmId: env.GTM_ID ?? null,
    },
    captcha: settings.captcha ?? { provider: 'off' },
    features: {
      devOutbox: env.NODE_ENV !== 'production',
      chartViewer: env.ENABLE_CHART_VIEWER ?? env.NODE_ENV !== 'production',
    },
  };
  // Parsing strips anything a future edit adds by mistake that the public schema does not list.
  return publicConfigSchema.parse(config);
}

export default async function publicConfigRoutes(app: FastifyInstance): Promise<void> {
  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return buildPublicConfig(app, publicOrigin(app));
  });
}
