import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { buildTestApp, manualClock } from '../../helpers/app';
import { KEY_PUBLISH_LEAD_MS } from '../../../server/auth/keys';
import { optionalUser, requireUser } from '../../../server/auth/require-user';

describe('signing keys and requireUser', () => {
  const clock = manualClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clock });
  });
  afterAll(async () => app.close());

  it('publishes one ES256 key with a kid and no private parts', async () => {
    const response = await app.inject({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' });
    expect(response.statusCode).toBe(200);
    const { keys } = response.json<{ keys: Record<string, unknown>[] }>();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['verify'] });
    expect(typeof keys[0]?.kid).toBe('string');
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('rotation publishes the successor first and signs with it only after the lead time', async () => {
    const before = await app.authService.keys.signingKey();
    const next = await app.authService.keys.rotate();
    const { keys } = await app.authService.keys.jwks();
    expect(keys.map((key) => key.kid)).toEqual(expect.arrayContaining([before.kid, next]));
    expect((await app.authService.keys.signingKey()).kid).toBe(before.kid);
    clock.advance(KEY_PUBLISH_LEAD_MS + 1000);
    expect((await app.authService.keys.signingKey()).kid).toBe(next);
    // The old key is still trusted for one token lifetime, then dropped.
    expect(await app.authService.keys.verificationKey(before.kid)).not.toBeNull();
    clock.advance(3600 * 1000);
    expect(await app.authService.keys.verificationKey(before.kid)).toBeNull();
    expect((await app.authService.keys.jwks()).keys.map((key) => key.kid)).toEqual([next]);
  });

  it('requireUser answers 401 UNAUTHORIZED without a token and INVALID_TOKEN with garbage', async () => {
    const fake = (authorization?: string) => ({ server: app, headers: authorization ? { authorization } : {} }) as unknown as FastifyRequest;
    await expect(requireUser(fake())).rejects.toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    await expect(requireUser(fake('Bearer a.b.c'))).rejects.toMatchObject({ statusCode: 401, code: 'INVALID_TOKEN' });
    expect(await optionalUser(fake())).toBeNull();
    expect(await optionalUser(fake(`Bearer ${app.publicSettings.authPublishableKey}`))).toBeNull();
    expect(app.publicSettings.authPublishableKey).toMatch(/^sb_publishable_/);
  });
});
