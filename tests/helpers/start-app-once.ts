import pino from 'pino';
import type { DatabaseHandle } from '../../server/db/client';
import { parseEnv } from '../../server/config/env';

/** The real app started on a database and closed again (its first start's work done), the database left open. */
export async function startAppOnce(database: DatabaseHandle): Promise<void> {
  // Imported when an image is made, not by every file that only opens one.
  const { buildApp } = await import('../../server/app');
  const app = await buildApp({ env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_PROVIDER: 'off' }), database, logger: pino({ level: 'silent' }), ownsDatabase: false });
  await app.ready();
  await app.close();
}
