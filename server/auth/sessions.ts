import { createHash, randomBytes } from 'node:crypto';
import type { Aal } from '../../core/assurance';
import { AuthApiError } from './errors';
import type { AuthService, AuthSessionRow } from './service';
import type { AmrEntry } from './tables';
import { signAccessToken } from './tokens';
import { userJson } from './user-json';
import { factorsOf, type AuthUserRow } from './users';
import { socialIdentitiesOf } from './social/identities';

/** Inside this window a spent refresh token is answered (two tabs refreshing at once) instead of revoking. */
export const REFRESH_REUSE_WINDOW_MS = 10_000;

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The session object supabase-js stores (AccessTokenResponse). */
export async function sessionResponse(
  service: AuthService,
  user: AuthUserRow,
  session: { id: string; aal: Aal; amr: AmrEntry[] },
  refreshToken: string,
  /** `hasFactors: false` when the caller already knows the user has none (no read then). */
  known: { hasFactors?: boolean } = {},
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
    user: userJson(user, known.hasFactors === false ? [] : await factorsOf(service.db, user.id), await socialIdentitiesOf(service.db, user)),
  };
}

/**
 * A new session (new id, new token family) after a successful sign-in, in one statement: the
 * session, its first refresh token and the user's `last_sign_in_at` are written together (one
 * round trip and one commit instead of three: #29, docs/data.md). The user comes back as written
 * (its touch trigger included), not read again.
 */
export async function startSession(
  service: AuthService,
  user: AuthUserRow,
  input: {
    method: string;
    provider?: string;
    userAgent?: string | undefined;
    ip?: string | undefined;
    /** aal2 only when the sign-in itself was the second step too (a passkey: assurance.ts passkeySignInLevel), with what lifted it. */
    aal?: Aal;
    factorId?: string;
  },
) {
  const now = service.now();
  const lifetime = service.env.AUTH_SESSION_LIFETIME_SECONDS;
  const amr: AmrEntry[] = [{ method: input.method, timestamp: Math.floor(now.getTime() / 1000), ...(input.provider ? { provider: input.provider } : {}) }];
  const refreshToken = randomBytes(24).toString('base64url');
  // The data-modifying CTEs all run, whatever the final select reads; the token's foreign key to
  // the session is checked at the end of the statement, when the session row exists.
  const row = await service.db
    .with('session', (db) =>
      db
        .insertInto('auth_sessions')
        .values({
          user_id: user.id,
          aal: input.aal ?? 'aal1',
          amr: JSON.stringify(amr),
          factor_id: input.factorId ?? null,
          user_agent: input.userAgent?.slice(0, 512) ?? null,
          ip: input.ip ?? null,
          created_at: now,
          refreshed_at: now,
          not_after: lifetime > 0 ? new Date(now.getTime() + lifetime * 1000) : null,
        })
        .returning(['id', 'aal', 'user_id', 'created_at']),
    )
    .with('token', (db) =>
      db
        .insertInto('auth_refresh_tokens')
        .columns(['token_hash', 'session_id', 'user_id', 'created_at'])
        .expression((eb) => eb.selectFrom('session').select((inner) => [inner.val(hashRefreshToken(refreshToken)).as('token_hash'), 'session.id', 'session.user_id', 'session.created_at'])),
    )
    .with('signed_in', (db) => db.updateTable('auth_users').set({ last_sign_in_at: now }).where('id', '=', user.id).returningAll())
    .selectFrom('session')
    .leftJoin('signed_in', (join) => join.onTrue())
    .selectAll('signed_in')
    .select(['session.id as session_id', 'session.aal as session_aal'])
    .executeTakeFirstOrThrow();
  const { session_id, session_aal, ...written } = row;
  // No row from the update only if the user was deleted meanwhile (the session's foreign key then fails first).
  const fresh = written.id === null ? user : (written as AuthUserRow);
  return sessionResponse(service, fresh, { id: session_id, aal: session_aal, amr }, refreshToken);
}

/**
 * `grant_type=refresh_token`: rotates the token. A spent token inside the reuse window gets a new
 * sibling (concurrent refreshes); outside it, the whole session — its token family — is revoked.
 *
 * Four round trips (#16; it was nine): BEGIN, one read of the token, its session and its user with
 * the token and session rows locked, one statement for the writes (spend the token, touch the session,
 * insert the successor), COMMIT; the factors are read only for a user who has one. The lock is what
 * makes two refreshes of one token take turns: the second sees the first's `revoked_at` and gets a
 * sibling inside the reuse window, a revoked session after it.
 */
export async function refreshSession(service: AuthService, refreshToken: string) {
  const now = service.now();
  const outcome = await service.db.transaction().execute(async (trx) => {
    // Tokens, sessions and users are joined without outer joins: a token's session and user are
    // foreign keys deleted with cascade, so a token whose session is gone is gone too.
    const found = await trx
      .selectFrom('auth_refresh_tokens as t')
      .innerJoin('auth_sessions as s', 's.id', 't.session_id')
      .innerJoin('auth_users as u', 'u.id', 't.user_id')
      .selectAll('u')
      .select(['t.id as t_id', 't.revoked_at as t_revoked_at'])
      .select(sessionColumns.map((column) => `s.${column} as s_${column}` as const))
      .select((eb) => eb.exists(eb.selectFrom('auth_factors as f').select('f.id').whereRef('f.user_id', '=', 'u.id')).as('has_factors'))
      .where('t.token_hash', '=', hashRefreshToken(refreshToken))
      .forUpdate(['t', 's'])
      .executeTakeFirst();
    if (!found) return { error: new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
    const { t_id, t_revoked_at, s_id, s_user_id, s_aal, s_amr, s_factor_id, s_user_agent, s_ip, s_created_at, s_refreshed_at, s_not_after, has_factors, ...user } = found;
    const session = { id: s_id, user_id: s_user_id, aal: s_aal, amr: s_amr, factor_id: s_factor_id, user_agent: s_user_agent, ip: s_ip, created_at: s_created_at, refreshed_at: s_refreshed_at, not_after: s_not_after } as AuthSessionRow;
    if (service.sessionExpired(session)) {
      await trx.deleteFrom('auth_sessions').where('id', '=', session.id).execute();
      return { error: new AuthApiError(400, 'session_expired', 'Invalid Refresh Token: Session Expired') };
    }
    if (t_revoked_at && now.getTime() - new Date(t_revoked_at).getTime() > REFRESH_REUSE_WINDOW_MS) {
      // Replay of a spent token: someone else may hold the family. End the session.
      await trx.deleteFrom('auth_sessions').where('id', '=', session.id).execute();
      return { error: new AuthApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
    }
    const token = randomBytes(24).toString('base64url');
    // One statement: the data-modifying CTEs run whether or not the insert reads them. A token still
    // live is spent; one spent inside the reuse window keeps its first revoked_at.
    await trx
      .with('spent', (db) => db.updateTable('auth_refresh_tokens').set({ revoked_at: now }).where('id', '=', t_id).where('revoked_at', 'is', null).returning('id'))
      .with('touched', (db) => db.updateTable('auth_sessions').set({ refreshed_at: now }).where('id', '=', session.id).returning('id'))
      .insertInto('auth_refresh_tokens')
      .values({ token_hash: hashRefreshToken(token), session_id: session.id, user_id: user.id, parent_id: t_id, created_at: now })
      .execute();
    return { session, user: user as AuthUserRow, hasFactors: has_factors === true, token };
  });
  if ('error' in outcome) throw outcome.error;
  const { user } = outcome;
  if (user.banned_until && new Date(user.banned_until).getTime() > now.getTime()) throw new AuthApiError(400, 'user_banned', 'User is banned');
  return sessionResponse(service, user, outcome.session, outcome.token, { hasFactors: outcome.hasFactors });
}

const sessionColumns = ['id', 'user_id', 'aal', 'amr', 'factor_id', 'user_agent', 'ip', 'created_at', 'refreshed_at', 'not_after'] as const;
