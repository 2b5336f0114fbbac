import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Env } from '../config/env';

const originOf = (url: string | undefined): string[] => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/**
 * The Content-Security-Policy of every answer (the SPA, the API, the hosted checkout page and the
 * team's pages), built from configuration: third parties appear only when their id is set.
 * - scripts: only this origin (index.html has no inline script; Vite emits module files), plus
 *   Stripe.js, the Intercom widget and the tag manager when configured; a prerendered page adds
 *   its loader's hash to its own answer (withScriptHashes, server/spa/prerendered.ts);
 * - styles: this origin and inline `<style>`, which the server-rendered pages (dev outbox, admin,
 *   funnel) carry and the Intercom widget injects; inline styles cannot run code;
 * - media: greeting audio is served by this server; `blob:`/`data:` for audio the SPA builds;
 * - nothing may frame the site (`frame-ancestors 'none'`), and forms post to this origin only.
 */
export function contentSecurityPolicy(env: Env): Record<string, string[] | null> {
  const stripe = Boolean(env.STRIPE_PUBLISHABLE_KEY);
  const intercom = Boolean(env.INTERCOM_APP_ID);
  const tagManager = Boolean(env.GTM_ID);
  // A hosted captcha's widget: its script, the frame it draws in and (hCaptcha) what it fetches.
  const captcha = env.CAPTCHA_PROVIDER === 'turnstile' ? ['https://challenges.cloudflare.com'] : env.CAPTCHA_PROVIDER === 'hcaptcha' ? ['https://hcaptcha.com', 'https://*.hcaptcha.com'] : [];
  return {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...(stripe ? ['https://js.stripe.com'] : []),
      ...(intercom ? ['https://widget.intercom.io', 'https://js.intercomcdn.com'] : []),
      ...(tagManager ? ['https://www.googletagmanager.com'] : []),
      ...captcha,
    ],
    'style-src': ["'self'", "'unsafe-inline'", ...(env.CAPTCHA_PROVIDER === 'hcaptcha' ? captcha : [])],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      ...(intercom ? ['https://js.intercomcdn.com', 'https://static.intercomassets.com', 'https://downloads.intercomcdn.com', 'https://uploads.intercomusercontent.com'] : []),
      ...(tagManager ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com'] : []),
    ],
    'media-src': ["'self'", 'blob:', 'data:', ...(intercom ? ['https://js.intercomcdn.com'] : [])],
    'font-src': ["'self'", 'data:', ...(intercom ? ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'] : [])],
    'connect-src': [
      "'self'",
      ...originOf(env.SUPABASE_URL),
      ...originOf(env.GEO_COUNTRY_URL),
      ...(env.AMPLITUDE_API_KEY ? ['https://api.eu.amplitude.com'] : []),
      ...(stripe ? ['https://api.stripe.com'] : []),
      ...(intercom ? ['https://*.intercom.io', 'wss://*.intercom.io', 'https://uploads.intercomcdn.com', 'https://uploads.intercomusercontent.com'] : []),
      ...(tagManager ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'] : []),
      ...(env.CAPTCHA_PROVIDER === 'hcaptcha' ? captcha : []),
    ],
    'frame-src': [
      ...captcha,
      ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
      ...(intercom ? ['https://intercom-sheets.com', 'https://www.intercom-reporting.com'] : []),
      ...(tagManager ? ['https://www.googletagmanager.com'] : []),
    ].concat(stripe || intercom || tagManager || captcha.length > 0 ? [] : ["'none'"]),
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Over plain http (development, or a production tried out on http://) an upgrade would break every asset.
    'upgrade-insecure-requests': env.NODE_ENV === 'production' && env.PUBLIC_URL?.startsWith('https://') ? [] : null,
  };
}

/** The policy with these inline scripts allowed by hash (`'sha256-…'` sources) in its script-src. */
export function withScriptHashes(policy: string, hashes: readonly string[]): string {
  if (!/(^|;)\s*script-src\b/.test(policy)) throw new Error('the policy has no script-src to allow scripts in');
  return policy.replace(/(^|;)(\s*script-src\b[^;]*)/, (_, start: string, directive: string) => `${start}${directive} ${hashes.join(' ')}`);
}

const ASSET_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']);

/** The headers helmet sets for these options, computed once: the policy does not vary per request. */
function headersFor(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers on every answer (#12 finding 5), from helmet: the CSP above, HSTS in production
 * only (a developer's localhost must not be pinned to https), nosniff, no referrer (emailed links
 * carry tokens), no framing. Computed once at start: @fastify/helmet runs helmet's whole middleware
 * again on every request, which halved a cheap route's throughput. Returns the headers for a
 * request's path; the root's one onRequest hook (app.ts) sets them.
 */
export function securityHeaders(env: Env): (url: string) => Record<string, string> {
  const production = env.NODE_ENV === 'production';
  const headers = headersFor({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(env) },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
  // Hashed static files (scripts, styles, images) are never documents: a policy for documents
  // (CSP, framing, opener, referrer) does nothing on them, and would add ~1 KB to each of the
  // dozens of requests of a first visit. They keep what governs how a subresource is used.
  const assetHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => ASSET_HEADERS.has(name)));
  return (url) => (url.startsWith('/assets/') ? assetHeaders : headers);
}
