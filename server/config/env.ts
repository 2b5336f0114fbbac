import { isIP } from 'node:net';
import { z } from 'zod';
import { SEND_WORK } from '../auth/rate-limit';
import { parseSocialConfig, type SocialConfig } from '../auth/social/config';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z.string().trim().min(1).optional();

/** An address or CIDR range, or one of proxy-addr's names for a range (loopback, linklocal, uniquelocal). */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  const width = Number(bits);
  return /^\d+$/.test(bits) && width <= (version === 4 ? 32 : 128);
}

const proxyList = z
  .string()
  .refine((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean).every(isProxyEntry), {
    message: 'expected a comma-separated list of IP addresses or CIDR ranges, such as 127.0.0.1,10.0.0.0/8',
  });

/** A count per hour for one of the send or lookup budgets (docs/security.md). */
const perHour = (fallback: number) =>
  z.coerce.number({ message: 'expected a whole number per hour' }).int({ message: 'expected a whole number per hour' }).min(0, { message: 'expected a whole number per hour' }).default(fallback);

const countryList = z
  .string()
  .regex(/^\s*([A-Za-z]{2}\s*(,\s*[A-Za-z]{2}\s*)*)?$/, { message: 'expected comma-separated two-letter country codes, such as FR,US' })
  .transform((value) => value.split(',').map((code) => code.trim().toUpperCase()).filter(Boolean));

const absoluteUrl = z.url({ message: 'expected an absolute URL such as https://example.com' });

/** A retention period or interval: a whole number of units, at least one. */
const retention = (unit: 'minutes' | 'hours' | 'days', fallback: number) => {
  const message = `expected a whole number of ${unit}, at least 1`;
  return z.coerce.number({ message }).int({ message }).min(1, { message }).default(fallback);
};

/**
 * Every environment variable the server reads, with its default. docs/configuration.md's table
 * mirrors this schema; keep them in step.
 */
/** OpenTelemetry's own names for its head samplers (OTEL_TRACES_SAMPLER). */
const traceSamplers = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'] as const;

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'expected development, production or test' }).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce
    .number({ message: 'expected a port number between 0 and 65535' })
    .int({ message: 'expected a port number between 0 and 65535' })
    .min(0, { message: 'expected a port number between 0 and 65535' })
    .max(65535, { message: 'expected a port number between 0 and 65535' })
    .default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Required in production (see the refinement below): every link the server builds starts with it. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'expected the http(s) address browsers open, such as https://example.com' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, { message: 'expected a postgres:// or postgresql:// connection URL' })
    .optional(),
  /** Where rate-limit windows are counted; `database` (the default with DATABASE_URL) shares them between instances. */
  RATE_LIMIT_STORE: z.enum(['memory', 'database'], { message: 'expected memory or database' }).optional(),
  /**
   * Proxies whose X-Forwarded-For is believed; none by default, so a client on the same host (or a
   * proxy that passes the header through) cannot pick its own address for the per-IP limits.
   */
  TRUSTED_PROXIES: proxyList.default(''),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** After SIGTERM, how long /readyz says 503 before the server stops accepting (a load balancer's probe interval). */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** Prometheus metrics: set, GET /metrics answers on this port of METRICS_HOST (never on PORT). 0 picks a free port. */
  METRICS_PORT: z.coerce
    .number({ message: 'expected a port number between 0 and 65535' })
    .int({ message: 'expected a port number between 0 and 65535' })
    .min(0, { message: 'expected a port number between 0 and 65535' })
    .max(65535, { message: 'expected a port number between 0 and 65535' })
    .optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** OpenTelemetry's own variables: set, traces go out over OTLP/HTTP; unset, the SDK is never loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: absoluteUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: absoluteUrl.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('ringwise'),
  /**
   * OpenTelemetry's head sampling, by its own variables: which requests are traced. Unset, every one
   * (parentbased_always_on). At volume, parentbased_traceidratio with OTEL_TRACES_SAMPLER_ARG (a share
   * between 0 and 1): docs/operations.md gives the share its cost figures recommend.
   */
  OTEL_TRACES_SAMPLER: z.enum(traceSamplers, { message: `expected ${traceSamplers.slice(0, -1).join(', ')} or ${traceSamplers.at(-1)}` }).optional(),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number({ message: 'expected a share between 0 and 1' }).min(0, { message: 'expected a share between 0 and 1' }).max(1, { message: 'expected a share between 0 and 1' }).optional(),
  /** A request must arrive whole within this time (408 after); a socket silent twice as long is closed. */
  REQUEST_TIMEOUT_MS: z.coerce.number({ message: 'expected milliseconds, at least 1000' }).int({ message: 'expected milliseconds, at least 1000' }).min(1000, { message: 'expected milliseconds, at least 1000' }).default(30_000),
  /**
   * Tests only (refused in production): the wait between marking an erased account and
   * deleting it, instead of erasureSettleMs (server/retention/erasure.ts). A test with one instance
   * sets 0: its own cache is emptied by the mark at once; the wait is proved across two instances.
   */
  ERASURE_SETTLE_MS: z.coerce.number({ message: 'expected milliseconds, 0 or more' }).int({ message: 'expected milliseconds, 0 or more' }).min(0, { message: 'expected milliseconds, 0 or more' }).optional(),
  COOKIE_DOMAIN: optionalText,
  WEB_APP_URL: optionalText,
  APP_DOWNLOAD_MACOS_URL: absoluteUrl.optional(),
  APP_DOWNLOAD_WINDOWS_URL: absoluteUrl.optional(),
  APP_STORE_URL: absoluteUrl.optional(),
  PLAY_STORE_URL: absoluteUrl.optional(),
  ENABLE_CHART_VIEWER: booleanFlag.optional(),
  ADMIN_TOKEN: z.string().min(16, { message: 'expected at least 16 characters' }).optional(),

  // Auth service (GoTrue-compatible) and, optionally, a real Supabase project instead.
  SUPABASE_URL: absoluteUrl.optional(),
  SUPABASE_PUBLISHABLE_KEY: optionalText,
  /** The `iss` of the project's access tokens; `${SUPABASE_URL}/auth/v1` unless a custom domain says otherwise. */
  SUPABASE_JWT_ISSUER: optionalText,
  AUTH_SECRET: z.string().min(32, { message: 'expected at least 32 characters' }).optional(),
  AUTH_JWT_EXPIRY_SECONDS: z.coerce.number().int().min(30).max(86_400).default(3600),
  AUTH_SESSION_INACTIVITY_SECONDS: z.coerce.number().int().min(0).default(0),
  AUTH_SESSION_LIFETIME_SECONDS: z.coerce.number().int().min(0).default(0),
  /**
   * Texts cost money and are the target of SMS pumping: every text (codes, phone changes, two-step
   * challenges) is counted against each of these per hour (server/auth/send-rules.ts).
   */
  // Unproven texts (no account, a number no account has proven) pay proof of work that rises with
  // these counts and stop at them (decision 1000, docs/security.md): an office of 50 behind one
  // address still gets through; an address's first text of the hour has its own country and total caps.
  SMS_PER_CLIENT_PER_HOUR: perHour(60),
  SMS_PER_ACCOUNT_PER_HOUR: perHour(10),
  /** Per block of 10,000 numbers (the number without its last four digits): premium ranges are consecutive. */
  SMS_PER_PREFIX_PER_HOUR: perHour(20),
  SMS_PER_COUNTRY_PER_HOUR: perHour(200),
  SMS_PER_HOUR: perHour(1000),
  /** Texts that are an address's first of the hour, per country and in total: a person in a country under attack. */
  SMS_FIRST_PER_COUNTRY_PER_HOUR: perHour(1000),
  SMS_FIRST_PER_HOUR: perHour(3000),
  /** Proven texts (a signed-in account, or a number an account has proven), in total: unproven traffic never spends them. */
  SMS_PROVEN_PER_HOUR: perHour(2000),
  /** Countries texts may go to (two-letter codes); empty: all. */
  SMS_COUNTRIES: countryList.default([]),
  /** Answers that can tell whether an email or phone has an account, per client address and per account. */
  LOOKUPS_PER_CLIENT_PER_HOUR: perHour(30),
  LOOKUPS_PER_ACCOUNT_PER_HOUR: perHour(10),
  /**
   * The captcha on the code sends (server/captcha/, docs/security.md): `altcha` (self-hosted proof of
   * work, the default outside tests), `turnstile` or `hcaptcha` (checked with CAPTCHA_SECRET at their
   * siteverify, or CAPTCHA_VERIFY_URL), or `off`.
   */
  CAPTCHA_PROVIDER: z.enum(['altcha', 'turnstile', 'hcaptcha', 'off'], { message: 'expected altcha, turnstile, hcaptcha or off' }).optional(),
  CAPTCHA_SECRET: optionalText,
  CAPTCHA_SITE_KEY: optionalText,
  CAPTCHA_VERIFY_URL: absoluteUrl.optional(),
  /**
   * The proof of work of an unproven code send at level 0 (ALTCHA's maxNumber; each level doubles it,
   * server/auth/rate-limit.ts). Tests that are about the rising price, not the price itself, set it
   * lower so their solves cost little; production refuses anything below the product's price.
   */
  CAPTCHA_SEND_WORK: z.coerce.number({ message: 'expected a whole number, at least 2' }).int({ message: 'expected a whole number, at least 2' }).min(2, { message: 'expected a whole number, at least 2' }).default(SEND_WORK.baseMaxNumber),
  CAPTCHA_TIMEOUT_MS: z.coerce.number({ message: 'expected milliseconds, at least 100' }).int({ message: 'expected milliseconds, at least 100' }).min(100, { message: 'expected milliseconds, at least 100' }).default(10_000),
  SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, { message: 'expected an smtp:// or smtps:// URL' }).optional(),
  SMTP_FROM: optionalText,
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText,
  TWILIO_API_URL: absoluteUrl.optional(),

  // Greeting builder.
  ELEVENLABS_API_KEY: optionalText,
  ELEVENLABS_API_URL: absoluteUrl.optional(),
  ELEVENLABS_MODEL_ID: optionalText,
  GREETINGS_THREADS: z.coerce.number({ message: 'expected a whole number from 1 to 16' }).int({ message: 'expected a whole number from 1 to 16' }).min(1, { message: 'expected a whole number from 1 to 16' }).max(16, { message: 'expected a whole number from 1 to 16' }).optional(),
  GREETINGS_CACHE_MB: z.coerce.number({ message: 'expected a size in megabytes' }).min(0, { message: 'expected a size in megabytes' }).default(64),
  GREETINGS_RATE_LIMIT: z.coerce.number({ message: 'expected a number of greetings per minute' }).int({ message: 'expected a number of greetings per minute' }).min(1, { message: 'expected a number of greetings per minute' }).default(30),
  /** The greeting cost budget (server/greetings/cost-budget.ts, docs/greetings.md): one greeting's spoken characters, numbers as words. */
  GREETINGS_MAX_SPOKEN_CHARACTERS: z.coerce.number({ message: 'expected a number of characters, at least 100' }).int({ message: 'expected a number of characters, at least 100' }).min(100, { message: 'expected a number of characters, at least 100' }).default(2500),
  /** Estimated synthesis seconds one client address may have in the making at once. */
  GREETINGS_CLIENT_IN_FLIGHT_SECONDS: z.coerce.number({ message: 'expected seconds, more than 0' }).positive({ message: 'expected seconds, more than 0' }).default(20),
  /** Estimated synthesis seconds one instance takes on at once (default: 15 per speech thread). */
  GREETINGS_IN_FLIGHT_SECONDS: z.coerce.number({ message: 'expected seconds, more than 0' }).positive({ message: 'expected seconds, more than 0' }).optional(),
  /** Spoken characters one client address may have made per hour, across instances. */
  GREETINGS_CLIENT_CHARACTERS_PER_HOUR: z.coerce.number({ message: 'expected a whole number of characters per hour' }).int({ message: 'expected a whole number of characters per hour' }).min(0, { message: 'expected a whole number of characters per hour' }).default(30_000),

  // Geolocation: a public URL the SPA asks instead of this server's /geo/country.
  GEO_COUNTRY_URL: absoluteUrl.optional(),

  // Analytics and third-party widgets (all off when unset).
  AMPLITUDE_API_KEY: optionalText,
  // Requests per minute the analytics ingest accepts for one api key (per instance).
  ANALYTICS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(3000),
  INTERCOM_APP_ID: optionalText,
  GTM_ID: z.string().regex(/^GTM-[A-Z0-9]+$/, { message: 'expected a tag manager id such as GTM-ABC123' }).optional(),

  // Payments: the local provider unless a Stripe secret key is set.
  STRIPE_SECRET_KEY: z.string().regex(/^sk_(test|live)_/, { message: 'expected a Stripe secret key (sk_test_… or sk_live_…)' }).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_/, { message: 'expected a Stripe publishable key (pk_test_… or pk_live_…)' }).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, { message: 'expected a webhook signing secret (whsec_…)' }).optional(),
  STRIPE_API_URL: absoluteUrl.optional(),

  // Retention (server/retention, docs/data.md): how long leftover rows are kept, and how often the job runs.
  RETENTION_INTERVAL_MINUTES: retention('minutes', 15),
  RETENTION_REVOKED_TOKEN_HOURS: retention('hours', 24),
  RETENTION_ENDED_SESSION_HOURS: retention('hours', 72),
  RETENTION_AUTH_FLOW_HOURS: retention('hours', 24),
  RETENTION_ANONYMOUS_USER_DAYS: retention('days', 30),
  RETENTION_CODE_HOURS: retention('hours', 24),
  RETENTION_OUTBOX_HOURS: retention('hours', 24),
  RETENTION_CHECKOUT_DAYS: retention('days', 7),
  RETENTION_WEBHOOK_EVENT_DAYS: retention('days', 30),
  RETENTION_ANALYTICS_DAYS: retention('days', 395),
}).superRefine((env, context) => {
  if (env.ERASURE_SETTLE_MS !== undefined && env.NODE_ENV === 'production') {
    context.addIssue({ code: 'custom', path: ['ERASURE_SETTLE_MS'], message: 'for tests only, refused in production: an erasure waits out every instance\'s cache' });
  }
  if (env.NODE_ENV === 'production' && env.CAPTCHA_SEND_WORK < SEND_WORK.baseMaxNumber) {
    context.addIssue({ code: 'custom', path: ['CAPTCHA_SEND_WORK'], message: `at least ${SEND_WORK.baseMaxNumber} in production: a lower price is for tests` });
  }
  // Links in emails and texts are built from configuration only; production must say where it lives.
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    context.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'required in production: the https:// address browsers open (links in emails and texts start with it)' });
  }
  // A hosted captcha in production checks every token with the project's own secret (outside it, the provider's test secret).
  if (env.NODE_ENV === 'production' && (env.CAPTCHA_PROVIDER === 'turnstile' || env.CAPTCHA_PROVIDER === 'hcaptcha') && !env.CAPTCHA_SECRET) {
    context.addIssue({ code: 'custom', path: ['CAPTCHA_SECRET'], message: `required in production with CAPTCHA_PROVIDER=${env.CAPTCHA_PROVIDER}: the secret key of its siteverify` });
  }
  if (env.NODE_ENV === 'production' && (env.CAPTCHA_PROVIDER === 'turnstile' || env.CAPTCHA_PROVIDER === 'hcaptcha') && !env.CAPTCHA_SITE_KEY) {
    context.addIssue({ code: 'custom', path: ['CAPTCHA_SITE_KEY'], message: `required in production with CAPTCHA_PROVIDER=${env.CAPTCHA_PROVIDER}: the public site key its widget shows` });
  }
});

/** `social`: the sign-in providers (server/auth/social/config.ts), read from names no fixed schema lists. */
export type Env = z.infer<typeof envSchema> & { social: SocialConfig };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; the error names each bad variable and what it expects, one per line. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(cleaned);
  const social = parseSocialConfig(cleaned, cleaned.NODE_ENV === 'production' || cleaned.NODE_ENV === 'test' ? cleaned.NODE_ENV : 'development');
  if (result.success && social.issues.length === 0) return { ...result.data, social: social.config };
  // A provider's secret is never printed, only its name.
  const socialLines = social.issues.map(({ name, message }) => (cleaned[name] === undefined ? `Missing environment variable ${name}: ${message}` : `Invalid environment variable ${name}${name.endsWith('_ISSUER') ? `=${JSON.stringify(cleaned[name])}` : ''}: ${message}`));
  if (result.success) throw new ConfigError(socialLines.join('\n'));
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    if (cleaned[name] === undefined && issue.code === 'custom') return `Missing environment variable ${name}: ${issue.message}`;
    return `Invalid environment variable ${name}=${JSON.stringify(cleaned[name] ?? '')}: ${issue.message}`;
  });
  throw new ConfigError([...lines, ...socialLines].join('\n'));
}
