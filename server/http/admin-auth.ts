import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../config/env';
import { HttpError } from './errors';
import { isLocalDevelopmentRequest } from './local-only';

/**
 * Who may open the team's pages under /admin (bookings, the funnel report, identity reviews,
 * erasures): one rule for all of them (#38.4).
 *
 * - ADMIN_TOKEN set: the token is needed, from anyone, on this machine too. It is taken as a bearer
 *   token (scripts, the kyc-admin CLI), as the password of HTTP Basic auth (a browser asks for it
 *   natively; any user name), or as the cookie the funnel report's login form sets (a digest of the
 *   token, never the token itself).
 * - ADMIN_TOKEN unset: open outside production to requests made on this machine only (loopback, no
 *   forwarding header: ./local-only), closed otherwise; in production always closed.
 *
 * Never from the query string: an address lands in access logs, proxies' logs and the browser's
 * history, so `?token=` is not read at all.
 */

/** The login form's cookie: a digest of ADMIN_TOKEN, scoped to /admin. */
export const ADMIN_COOKIE = 'rw_admin';
/** How long the login form's cookie lasts: a working day. */
const ADMIN_COOKIE_SECONDS = 12 * 60 * 60;

export type AdminAccess = { allowed: true } | { allowed: false; reason: 'missing' | 'invalid' | 'not-configured' };

function digest(value: string): Buffer {
  return createHash('sha256').update(`ringwise-admin:${value}`).digest();
}

/** Compared as digests: equal lengths for timingSafeEqual whatever was given. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** The cookie value standing for the token. */
export function adminCookieValue(token: string): string {
  return digest(token).toString('base64url');
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The token an Authorization header carries: Bearer, or the password of Basic. */
function presentedToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value = ''] = header.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() === 'bearer') return value || null;
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon === -1 ? null : decoded.slice(colon + 1) || null;
  }
  return null;
}

/** The one decision: may this request open the team's pages? */
export function adminAccess(env: Pick<Env, 'NODE_ENV' | 'ADMIN_TOKEN'>, request: FastifyRequest): AdminAccess {
  const expected = env.ADMIN_TOKEN;
  if (!expected) return isLocalDevelopmentRequest(env, request) ? { allowed: true } : { allowed: false, reason: 'not-configured' };
  const token = presentedToken(request.headers.authorization);
  if (token !== null && sameSecret(token, expected)) return { allowed: true };
  const cookie = cookieOf(request, ADMIN_COOKIE);
  if (cookie !== undefined && sameSecret(cookie, adminCookieValue(expected))) return { allowed: true };
  return { allowed: false, reason: token !== null || cookie !== undefined ? 'invalid' : 'missing' };
}

/** The refusal as the API answers it (403 ADMIN_NOT_CONFIGURED, 401 UNAUTHORIZED or INVALID_TOKEN). */
function adminRefusal(reason: Exclude<AdminAccess, { allowed: true }>['reason']): HttpError {
  if (reason === 'not-configured') return new HttpError(403, 'ADMIN_NOT_CONFIGURED', 'Set ADMIN_TOKEN to open the team pages');
  return new HttpError(401, reason === 'invalid' ? 'INVALID_TOKEN' : 'UNAUTHORIZED', 'An admin token is required');
}

/**
 * For a route's handler or preHandler: returns when the team may in, else throws the refusal. A
 * token is asked for the HTTP Basic way, so a browser opening the page shows its own prompt.
 */
export function requireAdmin(env: Pick<Env, 'NODE_ENV' | 'ADMIN_TOKEN'>, request: FastifyRequest, reply: FastifyReply): void {
  const access = adminAccess(env, request);
  if (access.allowed) return;
  reply.header('cache-control', 'no-store');
  if (access.reason !== 'not-configured') reply.header('www-authenticate', 'Basic realm="Ringwise team", charset="UTF-8"');
  throw adminRefusal(access.reason);
}

/** Whether a token typed into the login form is ADMIN_TOKEN. */
export function isAdminToken(env: Pick<Env, 'ADMIN_TOKEN'>, token: string): boolean {
  return Boolean(env.ADMIN_TOKEN) && sameSecret(token, env.ADMIN_TOKEN!);
}

/** The login form's Set-Cookie: HttpOnly, SameSite=Strict, /admin only; Secure except for plain http on this machine in development. */
export function adminCookieHeader(env: Pick<Env, 'NODE_ENV' | 'ADMIN_TOKEN'>, request: FastifyRequest): string {
  const secure = env.NODE_ENV === 'production' || request.protocol === 'https' ? '; Secure' : '';
  return `${ADMIN_COOKIE}=${adminCookieValue(env.ADMIN_TOKEN ?? '')}; Path=/admin; HttpOnly${secure}; SameSite=Strict; Max-Age=${ADMIN_COOKIE_SECONDS}`;
}
