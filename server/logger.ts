import pino, { type Logger } from 'pino';
import type { Env } from './config/env';

/**
 * Structured JSON logs. Credentials are redacted wherever they travel (headers, bodies, query);
 * one-time codes are never logged except by the dev outbox, which production turns off.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  return pino({
    level: env.NODE_ENV === 'test' && env.LOG_LEVEL === 'info' ? 'silent' : env.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.apikey',
        'req.headers.cookie',
        'req.headers["x-admin-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.code',
        '*.refresh_token',
        '*.access_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // The query string can carry codes and tokens (PKCE, OTP links): log the path only.
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
    },
  });
}
