import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import type { Clock } from '../http/clock';
import { HttpError } from '../http/errors';
import { toE164 } from '../../core/phone/parse';
import type { AuthUser } from './require-user';
import { AUDIENCE } from './tokens';
import { traced } from '../observability/tracing';

/** What the product reads from a Supabase access token; anything else in it is ignored. */
const claimsSchema = z.object({
  sub: z.uuid(),
  email: z.string().optional(),
  phone: z.string().optional(),
  is_anonymous: z.boolean().optional(),
  session_id: z.string().optional(),
  aal: z.enum(['aal1', 'aal2']).optional(),
});

/** The part of the project's `GET /auth/v1/user` answer that says which address was confirmed. */
const projectUserSchema = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  email_confirmed_at: z.string().nullish(),
  phone_confirmed_at: z.string().nullish(),
});
/** Users whose shadow row is known to be current; bounded so a flood of tokens cannot grow it. */
const SYNCED_CAP = 10_000;

const invalidToken = () => new HttpError(401, 'INVALID_TOKEN', 'The access token is not valid');

/**
 * Product routes when the SPA signs in with a real Supabase project (`SUPABASE_URL`): access
 * tokens are checked against that project's published keys (JWKS, fetched and cached by jose) and
 * issuer, and each user gets a row in `auth_users` so profiles, answers and subscriptions keep
 * their foreign keys. Tokens of the built-in auth service are not accepted in this mode.
 */
export class ExternalIdentity {
  readonly issuer: string;
  private readonly userUrl: string;
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;
  private readonly synced = new Map<string, string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly options: { supabaseUrl: string; issuer?: string | undefined; publishableKey?: string | undefined },
  ) {
    const base = options.supabaseUrl.replace(/\/+$/, '');
    this.issuer = options.issuer ?? `${base}/auth/v1`;
    this.userUrl = `${base}/auth/v1/user`;
    this.keys = createRemoteJWKSet(new URL(`${base}/auth/v1/.well-known/jwks.json`), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
  }

  async authenticate(token: string): Promise<AuthUser> {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, this.keys, {
        // Supabase signs with ES256 or RS256 keys; HS256 (the shared-secret scheme) is refused.
        algorithms: ['ES256', 'RS256'],
        issuer: this.issuer,
        audience: AUDIENCE,
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid || isUnreachable(error)) {
        throw new HttpError(503, 'AUTH_UNAVAILABLE', 'The sign-in service cannot be reached; try again shortly');
      }
      throw invalidToken();
    }
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) throw invalidToken();
    const { sub, email, phone, is_anonymous: isAnonymous = false, session_id: sessionId, aal = 'aal1' } = claims.data;
    const user: AuthUser = {
      id: sub,
      email: email ? email.toLowerCase() : null,
      // GoTrue puts the phone in tokens without its '+'.
      phone: phone ? toE164(phone) : null,
      isAnonymous,
      sessionId: sessionId ?? '',
      aal,
    };
    await this.syncShadowUser(user, token);
    return user;
  }

  /**
   * Keeps `auth_users` in step with the project's user, with when each address was confirmed (the
   * legitimacy check and the funnel's verify-phone step read it). Tokens do not say that, so the
   * project's `GET /user` is asked with the caller's own token, once per change of address. An
   * address that moved to another account upstream is taken off the stale row first, so the unique
   * constraints hold.
   */
  private async syncShadowUser(user: AuthUser, token: string): Promise<void> {
    const fingerprint = `${user.email ?? ''}|${user.phone ?? ''}|${user.isAnonymous}`;
    if (this.synced.get(user.id) === fingerprint) return;
    const confirmed = await this.confirmations(user, token);
    const values = {
      email: user.email,
      phone: user.phone,
      is_anonymous: user.isAnonymous,
      email_confirmed_at: confirmed?.email ?? null,
      phone_confirmed_at: confirmed?.phone ?? null,
    };
    await this.db.transaction().execute(async (trx) => {
      if (user.email) await trx.updateTable('auth_users').set({ email: null }).where('email', '=', user.email).where('id', '!=', user.id).execute();
      if (user.phone) await trx.updateTable('auth_users').set({ phone: null }).where('phone', '=', user.phone).where('id', '!=', user.id).execute();
      await trx
        .insertInto('auth_users')
        .values({ id: user.id, ...values })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
        .execute();
    });
    // Unknown confirmations are asked again on the next request instead of being remembered.
    if (!confirmed) return;
    if (this.synced.size >= SYNCED_CAP) this.synced.clear();
    this.synced.set(user.id, fingerprint);
  }

  private async confirmations(user: AuthUser, token: string): Promise<{ email: Date | null; phone: Date | null } | null> {
    try {
      // The span names the auth service's host; the bearer token stays in the header.
      const response = await traced('auth.user', { 'server.address': new URL(this.userUrl).host }, () =>
        fetch(this.userUrl, {
          headers: { authorization: `Bearer ${token}`, ...(this.options.publishableKey ? { apikey: this.options.publishableKey } : {}) },
          signal: AbortSignal.timeout(5000),
        }),
      );
      if (!response.ok) return null;
      const parsed = projectUserSchema.safeParse(await response.json());
      if (!parsed.success) return null;
      const { email, phone, email_confirmed_at: emailAt, phone_confirmed_at: phoneAt } = parsed.data;
      const sameEmail = Boolean(email) && email!.toLowerCase() === user.email;
      const samePhone = (phone ? toE164(phone) : null) === user.phone;
      return { email: sameEmail && emailAt ? new Date(emailAt) : null, phone: samePhone && phoneAt ? new Date(phoneAt) : null };
    } catch {
      return null;
    }
  }
}

function isUnreachable(error: unknown): boolean {
  // jose reports a JWKS it could not fetch as a plain fetch failure or a non-200 answer.
  if (error instanceof TypeError) return true;
  return error instanceof joseErrors.JOSEError && error.code === 'ERR_JOSE_GENERIC' && /JWKS|response/i.test(error.message);
}
