import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z.string().trim().min(1).optional();

const absoluteUrl = z.url({ message: 'expected an absolute URL such as https://example.com' });

/**
 * Every environment variable the server reads, with its default. The README's configuration table
 * mirrors this schema; keep them in step.
 */
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
  TRUSTED_PROXIES: z.string().default(''),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** A request must arrive whole within this time (408 after); a socket silent twice as long is closed. */
  REQUEST_TIMEOUT_MS: z.coerce.number({ message: 'expected milliseconds, at least 1000' }).int({ message: 'expected milliseconds, at least 1000' }).min(1000, { message: 'expected milliseconds, at least 1000' }).default(30_000),
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
}).superRefine((env, context) => {
  // Links in emails and texts are built from configuration only; production must say where it lives.
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    context.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'required in production: the https:// address browsers open (links in emails and texts start with it)' });
  }
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; the error names each bad variable and what it expects, one per line. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    if (cleaned[name] === undefined && issue.code === 'custom') return `Missing environment variable ${name}: ${issue.message}`;
    return `Invalid environment variable ${name}=${JSON.stringify(cleaned[name] ?? '')}: ${issue.message}`;
  });
  throw new ConfigError(lines.join('\n'));
}
