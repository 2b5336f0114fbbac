import { z } from 'zod/mini';

/**
 * The SPA's run-time configuration, served by `GET /config.json`, so one build serves every
 * environment. Only public values belong here: the server parses its answer with this schema, which
 * strips anything not listed. Written with `zod/mini` (the same zod, its tree-shakable API): the SPA
 * parses it before its first render, where the chained API would cost ~20 KB of compressed script.
 */
export const publicConfigSchema = z.object({
  environment: z.enum(['development', 'production', 'test']),
  auth: z.object({
    url: z.string(),
    publishableKey: z.string(),
    cookieDomain: z.nullable(z.string()),
  }),
  apiUrl: z.string(),
  functionsUrl: z.string(),
  greetingsUrl: z.string(),
  geoCountryUrl: z.string(),
  webAppUrl: z.string(),
  /**
   * The apps that exist (WEB_APP_URL, APP_DOWNLOAD_*_URL, APP_STORE_URL, PLAY_STORE_URL), null when
   * not configured: pages link to an app only when it exists, with words that match it.
   */
  appLinks: z.object({
    web: z.nullable(z.string()),
    macos: z.nullable(z.string()),
    windows: z.nullable(z.string()),
    ios: z.nullable(z.string()),
    android: z.nullable(z.string()),
  }),
  analytics: z.object({
    serverUrl: z.string(),
    apiKey: z.string(),
  }),
  payments: z.object({
    provider: z.enum(['local', 'stripe']),
    stripePublishableKey: z.nullable(z.string()),
  }),
  widgets: z.object({
    intercomAppId: z.nullable(z.string()),
    gtmId: z.nullable(z.string()),
  }),
  features: z.object({
    devOutbox: z.boolean(),
    chartViewer: z.boolean(),
  }),
  /**
   * The captcha the code sends need (#34): `altcha` is solved in the background from
   * GET /auth/v1/captcha/challenge; `turnstile` and `hcaptcha` show their widget with `siteKey`.
   */
  captcha: z.object({
    provider: z.enum(['altcha', 'turnstile', 'hcaptcha', 'off']),
    siteKey: z.optional(z.string()),
  }),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;
