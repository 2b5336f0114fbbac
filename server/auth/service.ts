import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../observability/metrics';
import type { Kysely, Selectable } from 'kysely';
import type { Env } from '../config/env';
import type { Database } from '../db/schema';
import type { Clock } from '../http/clock';
import { AuthApiError, overRequestRateLimit } from './errors';
import { adaptersFromEnv, type DeliveryAdapter } from './delivery';
import { SigningKeyStore } from './keys';
import { RateLimiter } from './rate-limit';
import { SecretBox, loadAuthSecret } from './secret';
import type { AuthSessionsTable } from './tables';
import { verifyAccessToken, VerifiedTokens, type AccessClaims } from './tokens';
import { ReadCache } from '../db/read-cache';
import type { WriteWatch } from '../db/write-watch';
import { UUID, type AuthUserRow } from './users';
import { readBearer } from './bearer';
import { AccountDirectory } from './directory';
import type { HitCounter } from '../rate-limits/hit-counter';

export type AuthSessionRow = Selectable<AuthSessionsTable>;

export interface Authenticated {
  claims: AccessClaims;
  user: AuthUserRow;
  session: AuthSessionRow;
  /** Whether the user has a verified MFA factor: product routes then need an aal2 token. */
  hasVerifiedFactor: boolean;
}

/** What one authentication reads, cached per user and session. */
interface Identity {
  user: AuthUserRow;
  session: AuthSessionRow | null;
  hasVerifiedFactor: boolean;
}

/** Shared by the auth routes and by the route authentication of the other capabilities (decorated as `app.authService`). */
export class AuthService {
  readonly keys: SigningKeyStore;
  readonly box: SecretBox;
  readonly issuer: string;
  /** The publishable key: accepted as the Bearer of public routes, never as a user. */
  publishableKey = '';
  readonly limiter: RateLimiter;
  /** Production senders; tests may replace them. */
  adapters: { sms: DeliveryAdapter | null; email: DeliveryAdapter | null };
  /** The server's metrics (codes sent, sends refused, captcha refusals), set by createAuthService. */
  metrics: Metrics | null = null;
  /** Access tokens whose signature was already checked (immutable, so right on every instance). */
  readonly verifiedTokens = new VerifiedTokens();
  /**
   * The user and session rows behind a token, read at most READ_CACHE_TTL_MS ago and emptied by any
   * write to either table through this process: a sign-out or ban made on another instance is seen
   * here within that bound (decision 701). Only used to accept: a cached pair that would refuse is
   * read again. It also holds whether the user has a verified factor (read in the same round trip),
   * so it is emptied by writes to auth_factors too: a factor verified or removed on this instance is
   * seen at once, on another within the same bound.
   */
  readonly userSessions = new ReadCache<Identity>({ maxEntries: 5_000 });
  /** What the other capabilities may ask about accounts (they never read the auth_* tables themselves). */
  readonly accounts: AccountDirectory;

  constructor(
    readonly db: Kysely<Database>,
    readonly env: Env,
    readonly clock: Clock,
    hitCounter: HitCounter,
    writes?: WriteWatch,
  ) {
    writes?.on(['auth_users', 'auth_sessions', 'auth_factors'], () => this.userSessions.clear());
    this.accounts = new AccountDirectory(db);
    this.keys = new SigningKeyStore(db, () => clock.now(), env.AUTH_JWT_EXPIRY_SECONDS * 1000);
    this.box = new SecretBox(loadAuthSecret(env));
    this.limiter = new RateLimiter(hitCounter, clock);
    this.adapters = adaptersFromEnv(env);
    this.issuer = env.PUBLIC_URL ? `${env.PUBLIC_URL.replace(/\/$/, '')}/auth/v1` : 'ringwise-auth';
  }

  now(): Date {
    return this.clock.now();
  }

  /** Counts a hit on a limit; throws 429 over_request_rate_limit when over it. */
  async limit(key: string, rule: { limit: number; windowMs: number }): Promise<void> {
    const wait = await this.limiter.hit(key, rule.limit, rule.windowMs);
    if (wait > 0) throw overRequestRateLimit(wait);
  }

  /** Whether a session has run past its inactivity timeout or absolute lifetime. */
  sessionExpired(session: AuthSessionRow): boolean {
    const now = this.now().getTime();
    if (session.not_after && new Date(session.not_after).getTime() <= now) return true;
    const inactivity = this.env.AUTH_SESSION_INACTIVITY_SECONDS;
    return inactivity > 0 && new Date(session.refreshed_at).getTime() + inactivity * 1000 <= now;
  }

  /**
   * GoTrue's authentication middleware: Bearer → verified claims → live user and session.
   * Throws AuthApiError with GoTrue's codes (no_authorization, bad_jwt, user_not_found,
   * session_not_found, session_expired, user_banned).
   */
  async authenticate(request: FastifyRequest): Promise<Authenticated> {
    const token = readBearer(request.headers.authorization);
    if (!token) throw new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    const claims = await verifyAccessToken(this.keys, token, { issuer: this.issuer, now: this.now(), verified: this.verifiedTokens });
    const key = `${claims.sub} ${claims.session_id}`;
    const cached = this.userSessions.get(key);
    // A cached session below the token's level is stale (lifted on another instance): read it again.
    const behind = claims.aal === 'aal2' && cached?.session?.aal !== 'aal2';
    if (cached && !behind && this.refusal(cached) === null) return { claims, user: cached.user, session: cached.session as AuthSessionRow, hasVerifiedFactor: cached.hasVerifiedFactor };
    const found = await this.userSessions.load(key, async () => (await findUserAndSession(this.db, claims.sub, claims.session_id)) ?? undefined);
    const refusal = found ? this.refusal(found) : new AuthApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (refusal) throw refusal;
    return { claims, user: found!.user, session: found!.session as AuthSessionRow, hasVerifiedFactor: found!.hasVerifiedFactor };
  }

  /** Why a token's user and session do not let it in (GoTrue's codes), or null. */
  private refusal({ user, session }: Identity): AuthApiError | null {
    if (!session || session.user_id !== user.id) {
      return new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    if (this.sessionExpired(session)) return new AuthApiError(403, 'session_expired', 'Session has expired');
    if (user.banned_until && new Date(user.banned_until).getTime() > this.now().getTime()) {
      return new AuthApiError(403, 'user_banned', 'User is banned');
    }
    // Being erased (#41): the erasure marked the row and deletes it once every instance has read the mark.
    if (user.erasing_since) return new AuthApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return null;
  }
}

const sessionColumns = ['id', 'user_id', 'aal', 'amr', 'factor_id', 'user_agent', 'ip', 'created_at', 'refreshed_at', 'not_after'] as const;

/**
 * The user and the token's session in one round trip (every authenticated request runs this): the
 * user's row, with the session's columns alongside under `s_` names (null when the session is gone),
 * and whether the user has a verified factor (an indexed EXISTS, so enforcing aal2 costs no query).
 */
async function findUserAndSession(db: Kysely<Database>, userId: string, sessionId: string): Promise<Identity | null> {
  if (!UUID.test(userId)) return null;
  const sessionIdOk = UUID.test(sessionId);
  const row = await db
    .selectFrom('auth_users as u')
    .leftJoin('auth_sessions as s', (join) => join.onRef('s.user_id', '=', 'u.id').on('s.id', '=', sessionIdOk ? sessionId : '00000000-0000-0000-0000-000000000000'))
    .selectAll('u')
    .select(sessionColumns.map((column) => `s.${column} as s_${column}` as const))
    .select((eb) =>
      eb
        .exists(eb.selectFrom('auth_factors as f').select('f.id').whereRef('f.user_id', '=', 'u.id').where('f.status', '=', 'verified'))
        .as('has_verified_factor'),
    )
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const { s_id, s_user_id, s_aal, s_amr, s_factor_id, s_user_agent, s_ip, s_created_at, s_refreshed_at, s_not_after, has_verified_factor, ...user } = row;
  const session =
    s_id === null
      ? null
      : ({
          id: s_id,
          user_id: s_user_id,
          aal: s_aal,
          amr: s_amr,
          factor_id: s_factor_id,
          user_agent: s_user_agent,
          ip: s_ip,
          created_at: s_created_at,
          refreshed_at: s_refreshed_at,
          not_after: s_not_after,
        } as AuthSessionRow);
  return { user: user as AuthUserRow, session, hasVerifiedFactor: has_verified_factor === true };
}

declare module 'fastify' {
  interface FastifyInstance {
    authService: AuthService;
  }
}

export async function createAuthService(app: FastifyInstance): Promise<AuthService> {
  const service = new AuthService(app.db, app.env, app.clock, app.hitCounter, app.database.writes);
  service.metrics = app.metrics;
  await service.keys.init();
  return service;
}
