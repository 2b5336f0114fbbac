import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLocalDevelopmentRequest } from '../http/local-only';

/** The session cookie set by the login form: a digest of ADMIN_TOKEN, never the token itself. */
export const ADMIN_COOKIE = 'rw_admin';

function digest(value: string): Buffer {
  return createHash('sha256').update(`ringwise-admin:${value}`).digest();
}

export function adminCookieValue(token: string): string {
  return digest(token).toString('base64url');
}

function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export type AdminAccess = { allowed: true } | { allowed: false; reason: 'missing' | 'invalid' | 'not-configured' };

/**
 * The team's pages are open in development and test to requests made on this machine (loopback, no
 * forwarding header); otherwise they need ADMIN_TOKEN, given as
 * `Authorization: Bearer …`, `?token=…`, or the cookie the login form sets. With no ADMIN_TOKEN
 * they stay closed.
 */
export function adminAccess(app: FastifyInstance, request: FastifyRequest): AdminAccess {
  if (isLocalDevelopmentRequest(app.env, request)) return { allowed: true };
  const expected = app.env.ADMIN_TOKEN;
  if (!expected) return { allowed: false, reason: 'not-configured' };
  const authorization = request.headers.authorization;
  const bearer = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : undefined;
  const query = (request.query as { token?: unknown } | undefined)?.token;
  const candidates = [bearer, typeof query === 'string' ? query : undefined].filter((value): value is string => Boolean(value));
  if (candidates.some((candidate) => sameSecret(candidate, expected))) return { allowed: true };
  const cookie = cookieOf(request, ADMIN_COOKIE);
  if (cookie && sameSecret(cookie, adminCookieValue(expected))) return { allowed: true };
  return { allowed: false, reason: candidates.length > 0 || cookie ? 'invalid' : 'missing' };
}

export function isValidAdminToken(app: FastifyInstance, token: string): boolean {
  return Boolean(app.env.ADMIN_TOKEN) && sameSecret(token, app.env.ADMIN_TOKEN!);
}
