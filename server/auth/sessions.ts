import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AuthApiError } from './errors';
import type { AuthService } from './service';
import type { AmrEntry } from './tables';
import { signAccessToken } from './tokens';
import { userJson } from './user-json';
import { findAuthUserById, type AuthUserRow } from './users';

/** Inside this window a spent refresh token is answered (two tabs refreshing at once) instead of revoking. */
export const REFRESH_REUSE_WINDOW_MS = 10_000;

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('base64url');

async function insertRefreshToken(db: Kysely<Database>, input: { sessionId: string; userId: string; parentId: number | null; now: Date }) {
  const token = randomBytes(24).toString('base64url');
  await db
    .insertInto('auth_refresh_tokens')
    .values({ token_hash: hashRefreshToken(token), session_id: input.sessionId, user_id: input.userId, parent_id: input.parentId, created_at: input.now })
    .execute();
  return token;
}

async function factorsOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('auth_factors').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').execute();
}

/** The session object supabase-js stores (AccessTokenResponse). */
export async function sessionResponse(
  service: AuthService,
  user: AuthUserRow,
  session: { id: string; aal: 'aal1' | 'aal2'; amr: AmrEntry[] },
  refreshToken: string,
) {
  const now = service.now();
  const expiresIn = service.env.AUTH_JWT_EXPIRY_SECONDS;
  const { token, expiresAt } = await signAccessToken(service.keys, { issuer: service.issuer, now, expiresInSeconds: expiresIn, user, session });
  return {
    access_token: token,
    token_type: 'bearer' as const,
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, await factorsOf(service.db, user.id)),
  };
}

/** A new session (new id, new token family) after a successful sign-in. */
export async function startSession(
  service: AuthService,
  user: AuthUserRow,
  input: { method: string; provider?: string; userAgent?: string | undefined; ip?: string | undefined },
) {
  const now = service.now();
  const lifetime = service.env.AUTH_SESSION_LIFETIME_SECONDS;
  const amr: AmrEntry[] = [{ method: input.method, timestamp: Math.floor(now.getTime() / 1000), ...(input.provider ? { provider: input.provider } : {}) }];
  const session = await service.db
    .insertInto('auth_sessions')
    .values({
      user_id: user.id,
      aal: 'aal1',
      amr: JSON.stringify(amr),
      user_agent: input.userAgent?.slice(0, 512) ?? null,
      ip: input.ip ?? null,
      created_at: now,
      refreshed_at: now,
      not_after: lifetime > 0 ? new Date(now.getTime() + lifetime * 1000) : null,
    })
    .returning(['id', 'aal'])
    .executeTakeFirstOrThrow();
  await service.db.updateTable('auth_users').set({ last_sign_in_at: now }).where('id', '=', user.id).execute();
  const fresh = (await findAuthUserById(service.db, user.id)) ?? user;
  const refreshToken = await insertRefreshToken(service.db, { sessionId: session.id, userId: user.id, parentId: null, now });
  return sessionResponse(service, fresh, { id: session.id, aal: session.aal, amr }, refreshToken);
}

/**
 * `grant_type=refresh_token`: rotates the token. A spent token inside the reuse window gets a new
 * sibling (concurrent refreshes); outside it, the whole session — its token family — is revoked.
 */
export async function refreshSession(service: AuthService, refreshToken: string) {
  const now = service.now();
  const outcome = await service.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('auth_refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashRefreshToken(refreshToken))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { error: new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
    const session = await trx.selectFrom('auth_sessions').selectAll().where('id', '=', row.session_id).forUpdate().executeTakeFirst();
    if (!session) return { error: new AuthApiError(400, 'session_not_found', 'Invalid Refresh Token: Session Not Found') };
    if (service.sessionExpired(session)) {
      await trx.deleteFrom('auth_sessions').where('id', '=', session.id).execute();
      return { error: new AuthApiError(400, 'session_expired', 'Invalid Refresh Token: Session Expired') };
    }
    if (row.revoked_at) {
      const spentFor = now.getTime() - new Date(row.revoked_at).getTime();
      if (spentFor > REFRESH_REUSE_WINDOW_MS) {
        // Replay of a spent token: someone else may hold the family. End the session.
        await trx.deleteFrom('auth_sessions').where('id', '=', session.id).execute();
        return { error: new AuthApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
    } else {
      await trx.updateTable('auth_refresh_tokens').set({ revoked_at: now }).where('id', '=', row.id).execute();
    }
    await trx.updateTable('auth_sessions').set({ refreshed_at: now }).where('id', '=', session.id).execute();
    const token = await insertRefreshToken(trx, { sessionId: session.id, userId: row.user_id, parentId: row.id, now });
    return { session, token };
  });
  if ('error' in outcome) throw outcome.error;
  const user = await findAuthUserById(service.db, outcome.session.user_id);
  if (!user) throw new AuthApiError(400, 'user_not_found', 'User not found');
  if (user.banned_until && new Date(user.banned_until).getTime() > now.getTime()) throw new AuthApiError(400, 'user_banned', 'User is banned');
  return sessionResponse(service, user, outcome.session, outcome.token);
}
