import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/client';
import { ReadCache } from '../../../server/db/read-cache';
import { buildTestApp, manualClock } from '../../helpers/app';
import { createTestDatabase } from '../../helpers/database';
import { createUser } from '../onboarding/users';

/**
 * The in-process read caches of the auth path and GET /v1/user (decision 701): emptied by writes
 * made through this process as soon as they are committed, bounded in age for the rest.
 */

describe('WriteWatch: which statements empty a cache, and when', () => {
  let database: DatabaseHandle;
  const seen: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    database.writes.on(['profiles'], () => seen.push('profiles'));
  });
  afterAll(async () => {
    await database.close();
  });

  it('says nothing for reads and for tables nobody watches', async () => {
    seen.length = 0;
    await database.db.selectFrom('profiles').selectAll().execute();
    await database.db.insertInto('auth_settings').values({ name: 'watch-test', value: 'x' }).execute();
    expect(seen).toEqual([]);
  });

  it('notifies after a write outside a transaction', async () => {
    seen.length = 0;
    const user = await database.db.insertInto('auth_users').values({ email: 'watch@acme-widgets.com' }).returning('id').executeTakeFirstOrThrow();
    expect(seen).toEqual([]);
    await database.db.insertInto('profiles').values({ user_id: user.id }).execute();
    expect(seen).toEqual(['profiles']);
    await sql`update profiles set first_name = 'Ada' where user_id = ${user.id}`.execute(database.db);
    expect(seen).toEqual(['profiles', 'profiles']);
  });

  it('inside a transaction, notifies once the transaction has ended, not at the statement', async () => {
    seen.length = 0;
    const atStatement: string[][] = [];
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('profiles').set({ last_name: 'Lovelace' }).execute();
      atStatement.push([...seen]);
    });
    expect(atStatement).toEqual([[]]);
    expect(seen).toEqual(['profiles']);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('profiles').execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(seen).toEqual(['profiles', 'profiles']);
    expect(await database.db.selectFrom('profiles').select('user_id').execute()).toHaveLength(1);
  });
});

describe('ReadCache', () => {
  it('keeps an entry for its time to live, and not past its size', async () => {
    let now = 0;
    const cache = new ReadCache<string>({ ttlMs: 2_000, maxEntries: 2, now: () => now });
    expect(await cache.load('a', async () => 'A')).toBe('A');
    expect(cache.get('a')).toBe('A');
    now = 1_999;
    expect(cache.get('a')).toBe('A');
    now = 2_000;
    expect(cache.get('a')).toBeUndefined();
    await cache.load('a', async () => 'A');
    await cache.load('b', async () => 'B');
    await cache.load('c', async () => 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe('C');
  });

  it('does not store a read that was under way when the cache was emptied', async () => {
    const cache = new ReadCache<string>({ maxEntries: 10 });
    let finish!: (value: string) => void;
    const reading = cache.load('a', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('old row');
    expect(await reading).toBe('old row');
    expect(cache.get('a')).toBeUndefined();
    expect(await cache.load('a', async () => undefined)).toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('cached authentication and GET /v1/user stay right after writes through the app', () => {
  let app: FastifyInstance;
  const clock = manualClock(new Date());
  beforeAll(async () => {
    app = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await app.close();
  });

  const getUser = (authorization: string) => app.inject({ method: 'GET', url: '/v1/user', headers: { authorization } });

  it('a sign-out refuses the token at once, though its session was cached', async () => {
    const user = await createUser(app);
    expect((await getUser(user.headers.authorization)).statusCode).toBe(200);
    expect((await getUser(user.headers.authorization)).statusCode).toBe(200);
    expect(app.authService.userSessions.size).toBeGreaterThan(0);
    const logout = await app.inject({ method: 'POST', url: '/auth/v1/logout', headers: user.headers });
    expect(logout.statusCode).toBe(204);
    expect((await getUser(user.headers.authorization)).json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('a ban written straight to the table is seen on the next request', async () => {
    const user = await createUser(app);
    expect((await getUser(user.headers.authorization)).statusCode).toBe(200);
    await app.db.updateTable('auth_users').set({ banned_until: new Date(clock.now().getTime() + 60_000) }).where('id', '=', user.id).execute();
    expect((await getUser(user.headers.authorization)).statusCode).toBe(401);
  });

  it('a profile change (the API or an operator tool on this process) is in the next answer', async () => {
    const user = await createUser(app);
    expect((await getUser(user.headers.authorization)).json()).toMatchObject({ kyc_status: null, profile: { first_name: null } });
    const patched = await app.inject({ method: 'PATCH', url: '/v1/user', headers: user.headers, payload: { name: 'Ada Lovelace' } });
    expect(patched.statusCode).toBe(200);
    expect((await getUser(user.headers.authorization)).json()).toMatchObject({ profile: { first_name: 'Ada', last_name: 'Lovelace' } });
    await app.db.updateTable('profiles').set({ kyc_status: 'PENDING_REVIEW' }).where('user_id', '=', user.id).execute();
    expect((await getUser(user.headers.authorization)).json()).toMatchObject({ kyc_status: 'PENDING_REVIEW' });
  });

  it('answers the same bytes while nothing changed, and a change to the account row in the next answer', async () => {
    const user = await createUser(app);
    const first = await getUser(user.headers.authorization);
    const again = await getUser(user.headers.authorization);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toMatchObject({ profile: { phone: null, phone_verified: false } });
    await app.db.updateTable('auth_users').set({ phone: '+33612345678', phone_confirmed_at: clock.now() }).where('id', '=', user.id).execute();
    expect((await getUser(user.headers.authorization)).json()).toMatchObject({ profile: { phone: '+33612345678', phone_verified: true } });
  });

  it('a verified token is not accepted past its expiry, nor once its key is no longer trusted', async () => {
    const user = await createUser(app);
    expect((await getUser(user.headers.authorization)).statusCode).toBe(200);
    expect(app.authService.verifiedTokens.size).toBeGreaterThan(0);
    clock.advance(3_600_000);
    expect((await getUser(user.headers.authorization)).json()).toMatchObject({ code: 'INVALID_TOKEN' });
    clock.advance(-3_600_000);

    const other = await createUser(app);
    expect((await getUser(other.headers.authorization)).statusCode).toBe(200);
    await app.db.updateTable('auth_signing_keys').set({ expires_at: new Date(clock.now().getTime() - 1_000) }).execute();
    await app.authService.keys.reload();
    expect((await getUser(other.headers.authorization)).json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });
});
