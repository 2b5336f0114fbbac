import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { parseEnv } from '../../../server/config/env';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { createTestDatabase } from '../../helpers/database';
import { roomyLimits } from '../../helpers/roomy-limits';

/**
 * "A captcha is used once" across instances (#34.1): two instances on one database (with
 * --project server-postgres, two pools on one Postgres database) sharing AUTH_SECRET, as a
 * deployment does. A challenge issued by one is good on the other, and spent at once on both, it
 * buys exactly one code.
 */
describe('captcha across two instances', () => {
  let shared: DatabaseHandle & { url?: string };
  let second: DatabaseHandle | null = null;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    shared = await createTestDatabase();
    second = shared.url ? openDatabase({ kind: 'postgres', url: shared.url }) : null;
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_PROVIDER: 'altcha', RATE_LIMIT_STORE: 'database', AUTH_SECRET: 'y'.repeat(40), ...roomyLimits });
    // One after the other: two apps creating their job queues at once on a fresh database can deadlock.
    for (const database of [shared, second ?? shared]) {
      const app = await buildApp({ env, database, logger: pino({ level: 'silent' }), ownsDatabase: false });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await shared.close();
  });

  it('a token from one instance, spent three times at once on each: one code', async () => {
    const challenge = (await apps[0]!.inject({ method: 'GET', url: '/auth/v1/captcha/challenge' })).json<Challenge>();
    const solution = await solveChallenge({ challenge, deriveKey });
    const token = Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        apps[index % 2]!.inject({ method: 'POST', url: '/auth/v1/otp', remoteAddress: `198.51.100.${index + 1}`, payload: { phone: `+3361118000${index}`, gotrue_meta_security: { captcha_token: token } } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const answer of answers.filter((one) => one.statusCode === 400)) expect(answer.json()).toMatchObject({ error_code: 'captcha_failed', msg: 'captcha protection: request disallowed (already used)' });
    expect(await shared.db.selectFrom('captcha_spent').select('key').where('key', '=', challenge.signature!).execute()).toHaveLength(1);
  });
});
