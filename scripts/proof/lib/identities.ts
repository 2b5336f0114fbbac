import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { createUser } from '../../../tests/server/onboarding/users';
import { publishableKey, signUp, type Session } from '../../bench/sessions';

/**
 * Signed-in users made through the public API and the dev outbox (the bench's helpers), and tokens
 * forged in every way a client can try: no signature, a signature by the wrong key under the real
 * key id, an unknown key id, the public key used as an HMAC secret, another user's claims.
 */
export interface ProofUser {
  label: string;
  id: string;
  email: string;
  session: Session;
  headers: { apikey: string; authorization: string };
}

export async function newUser(baseURL: string, label: string): Promise<ProofUser> {
  const apikey = await publishableKey(baseURL);
  const session = await signUp(baseURL, apikey, `proof-${label}`);
  const email = (session.user as { email?: string }).email ?? '';
  return { label, id: session.user.id, email, session, headers: { apikey, authorization: `Bearer ${session.access_token}` } };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Tokens no server should accept, keyed by how they were made. `victim` is whose identity they claim. */
export async function forgedTokens(baseURL: string, victim: ProofUser, other: ProofUser): Promise<Record<string, string>> {
  const real = victim.session.access_token;
  const header = decodeProtectedHeader(real);
  const claims = decodeJwt(real);
  const [realHeader, , realSignature] = real.split('.');
  const jwks = (await (await fetch(new URL('/auth/v1/.well-known/jwks.json', baseURL))).json()) as { keys: Record<string, unknown>[] };
  const { privateKey } = await generateKeyPair('ES256');
  const sign = (kid: string | undefined, key = privateKey, alg = 'ES256') =>
    new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT', ...(kid ? { kid } : {}) }).sign(key);
  const publicJwkSecret = new TextEncoder().encode(JSON.stringify(jwks.keys[0] ?? {}));
  const otherClaims = decodeJwt(other.session.access_token);
  const later = { ...claims, exp: Math.floor(Date.now() / 1000) + 10 * 365 * 86_400 };
  return {
    'alg none': `${b64({ alg: 'none', typ: 'JWT', kid: header.kid })}.${b64(claims)}.`,
    'alg none, no signature part': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}`,
    'wrong key, real kid': await sign(header.kid),
    'unknown kid': await sign(randomUUID()),
    'no kid': await sign(undefined),
    'HS256 keyed with the public JWK': await sign(header.kid, publicJwkSecret as never, 'HS256'),
    "another user's claims, real signature": `${realHeader}.${b64({ ...claims, sub: otherClaims.sub, email: otherClaims.email })}.${realSignature}`,
    'expiry pushed out, real signature': `${realHeader}.${b64(later)}.${realSignature}`,
    'signature stripped': `${realHeader}.${real.split('.')[1]}.`,
    garbage: 'not.a.jwt',
  };
}

/**
 * A user whose session the server's own keys signed, made in-process (the test suite's helper):
 * for production mode, where no code can be read from a dev outbox.
 */
export async function signedUser(app: FastifyInstance, baseURL: string, label: string): Promise<ProofUser> {
  const email = `proof-${label}-${randomUUID()}@acme-widgets.com`;
  const created = await createUser(app, { email });
  const apikey = await publishableKey(baseURL);
  return {
    label,
    id: created.id,
    email,
    session: { access_token: created.token, refresh_token: '', expires_at: 0, token_type: 'bearer', user: { id: created.id } },
    headers: { apikey, authorization: created.headers.authorization },
  };
}
