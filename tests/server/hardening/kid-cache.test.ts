import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SigningKeyStore } from '../../../server/auth/keys';
import { buildTestApp } from '../../helpers/app';

/**
 * #12 finding 10: a token with a kid we never published must not reload every signing key from the
 * database per request (an unauthenticated cost amplifier), while a key another instance rotated
 * in is still found.
 */
describe('the signing-key cache and unknown kids', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const forged = async (kid: string) => {
    const secret = new TextEncoder().encode('x'.repeat(32));
    return new SignJWT({ sub: '00000000-0000-4000-8000-000000000000' }).setProtectedHeader({ alg: 'HS256', kid }).sign(secret);
  };

  it('a burst of tokens with unknown kids costs one reload at most', async () => {
    const keys = app.authService.keys;
    const reload = vi.spyOn(keys, 'reload');
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, index) =>
        app.inject({ method: 'GET', url: '/auth/v1/user', headers: { authorization: `Bearer ${await forged(`made-up-${index}`)}` } }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 403 || answer.statusCode === 401)).toBe(true);
    expect(reload.mock.calls.length).toBeLessThanOrEqual(1);
    const more = await Promise.all(Array.from({ length: 40 }, async (_, index) => keys.verificationKey(`other-${index}`)));
    expect(more.every((key) => key === null)).toBe(true);
    expect(reload.mock.calls.length).toBeLessThanOrEqual(1);
    reload.mockRestore();
  });

  it('still finds a key rotated in by another instance on the same database (one reload), then refuses made-up kids without reloading', async () => {
    const mine = new SigningKeyStore(app.db, () => new Date(), 3600_000);
    await mine.init();
    const other = new SigningKeyStore(app.db, () => new Date(), 3600_000);
    await other.init();
    const kid = await other.rotate();
    const reload = vi.spyOn(mine, 'reload');
    expect(await mine.verificationKey(kid)).not.toBeNull();
    for (let index = 0; index < 20; index += 1) expect(await mine.verificationKey(`made-up-${index}`)).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
