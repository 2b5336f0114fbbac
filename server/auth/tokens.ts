import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Aal } from '../../core/assurance';
import { SIGNING_ALG, type SigningKeyStore } from './keys';
import { AuthApiError } from './errors';
import type { AmrEntry } from './tables';
import type { AuthUserRow } from './users';
import { gotrueSpelling } from '../../core/phone/spelling';

export const AUDIENCE = 'authenticated';

export interface AccessClaims extends JWTPayload {
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  iss: string;
  email: string;
  phone: string;
  role: string;
  aal: Aal;
  amr: AmrEntry[];
  session_id: string;
  is_anonymous: boolean;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
}

export interface TokenSessionInfo {
  id: string;
  aal: Aal;
  amr: AmrEntry[];
}

/** Signs an access token with the current ES256 key; claims as GoTrue issues them (no jti, no nbf). */
export async function signAccessToken(
  keys: SigningKeyStore,
  options: { issuer: string; now: Date; expiresInSeconds: number; user: AuthUserRow; session: TokenSessionInfo },
): Promise<{ token: string; expiresAt: number }> {
  const { kid, privateKey } = await keys.signingKey();
  const iat = Math.floor(options.now.getTime() / 1000);
  const exp = iat + options.expiresInSeconds;
  const { user, session } = options;
  const claims = {
    aud: AUDIENCE,
    email: user.email ?? '',
    phone: gotrueSpelling(user.phone),
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: AUDIENCE,
    aal: session.aal,
    amr: [...session.amr].sort((a, b) => b.timestamp - a.timestamp),
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: 'JWT' })
    .setIssuer(options.issuer)
    .setSubject(user.id)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(privateKey);
  return { token, expiresAt: exp };
}

const invalid = (detail: string) => new AuthApiError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);

/**
 * Verifies an access token: ES256 only (so `alg: none` and HS256 with the public key are refused),
 * a kid we published, our issuer and audience, and `exp` against the app clock with no leeway.
 * Throws AuthApiError 403 `bad_jwt`.
 */
export async function verifyAccessToken(
  keys: SigningKeyStore,
  token: string,
  options: { issuer: string; now: Date; verified?: VerifiedTokens },
): Promise<AccessClaims> {
  const known = options.verified?.get(token);
  if (known) {
    // The signature, issuer and audience were checked once and cannot change; time and key trust can
    // (jose's own rule: expired when exp <= now in whole seconds, no leeway).
    if (known.claims.exp <= Math.floor(options.now.getTime() / 1000)) {
      options.verified?.delete(token);
      throw invalid('token has invalid claims: token is expired');
    }
    if (!(await keys.verificationKey(known.kid))) throw invalid('no matching signing key');
    return known.claims;
  }
  const verified = await verifySignedToken(keys, token, options);
  options.verified?.set(token, verified);
  return verified.claims;
}

async function verifySignedToken(keys: SigningKeyStore, token: string, options: { issuer: string; now: Date }): Promise<{ claims: AccessClaims; kid: string }> {
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== SIGNING_ALG) throw invalid('signing method is not allowed');
    kid = header.kid;
  } catch (error) {
    if (error instanceof AuthApiError) throw error;
    throw invalid('token is malformed');
  }
  if (!kid) throw invalid('token has no kid');
  const key = await keys.verificationKey(kid);
  if (!key) throw invalid('no matching signing key');
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [SIGNING_ALG],
      issuer: options.issuer,
      audience: AUDIENCE,
      currentDate: options.now,
      requiredClaims: ['sub', 'exp', 'iat', 'session_id'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') throw invalid('token is missing claims');
    return { claims: payload as AccessClaims, kid };
  } catch (error) {
    if (error instanceof AuthApiError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw invalid('token has invalid claims: token is expired');
    if (error instanceof joseErrors.JWTClaimValidationFailed) throw invalid(`token has invalid claims: ${error.claim}`);
    throw invalid('signature is invalid');
  }
}

/**
 * Access tokens whose ES256 signature, issuer and audience this process has already checked (the
 * check costs ~0.2 ms of the only thread; a signed-in page presents the same token on every call
 * until it refreshes). What is kept is signature-verified and immutable, so it is right on any number
 * of instances; expiry and the key's trust are checked again on every use. Only verified tokens are
 * stored, at most `maxEntries` (the oldest goes first); an expired one is dropped when presented.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, { claims: AccessClaims; kid: string }>();

  constructor(private readonly maxEntries = 5_000) {}

  get size(): number {
    return this.entries.size;
  }

  get(token: string): { claims: AccessClaims; kid: string } | undefined {
    return this.entries.get(token);
  }

  delete(token: string): void {
    this.entries.delete(token);
  }

  set(token: string, verified: { claims: AccessClaims; kid: string }): void {
    // jose's nbf check is not repeated on a hit: tokens carrying one are verified every time.
    if (verified.claims.nbf !== undefined) return;
    // Shared by every request presenting this token: nobody may edit it.
    this.entries.set(token, { claims: Object.freeze(verified.claims), kid: verified.kid });
    if (this.entries.size > this.maxEntries) {
      const [oldest] = this.entries.keys();
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
