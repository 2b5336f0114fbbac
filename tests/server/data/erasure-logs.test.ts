import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { parseEnv } from '../../../server/config/env';
import { createTestDatabase } from '../../helpers/database';
import { roomyLimits } from '../../helpers/roomy-limits';
import { createUser } from '../onboarding/users';
import { askCode } from './rows-naming';

/**
 * #41 item 3: development logs carried the person's phone and email, which an erasure cannot reach.
 * Every line the app writes at info level is kept here: sends (the dev outbox's line) and an erasure
 * name the outbox row and the user id, never an address or a number.
 */
describe('logs keep no address or number (#41)', () => {
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    // One instance: no wait for other instances' caches (erasure-instances.test.ts proves it).
    const env = parseEnv({ NODE_ENV: 'development', LOG_LEVEL: 'info', CAPTCHA_PROVIDER: 'off', ERASURE_SETTLE_MS: '0', ...roomyLimits });
    app = await buildApp({ env, database: await createTestDatabase(), logger: pino({ level: 'info' }, sink), ownsDatabase: true });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('a code sent to an address and a number, then an erasure, log neither', async () => {
    const email = `logged-${Date.now()}@erasure-logs.test`;
    const phone = '+33744556677';
    const person = await createUser(app, { email, phone, phoneConfirmed: true });
    expect((await askCode(app, { email })).statusCode).toBe(200);
    expect((await askCode(app, { phone }, '203.0.113.201')).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: '/v1/user', headers: person.headers })).statusCode).toBe(204);

    const messages = lines.map((line) => JSON.parse(line) as { msg?: string; outboxId?: string; userId?: string });
    expect(messages.filter((line) => line.msg === 'dev outbox: message written').map((line) => typeof line.outboxId)).toEqual(['string', 'string']);
    expect(messages.some((line) => line.msg === 'a person erased their account')).toBe(true);
    expect(lines.filter((line) => line.includes(email) || line.includes(phone) || line.includes(phone.slice(1)))).toEqual([]);
  });
});
