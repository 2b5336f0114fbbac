import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../config/env';
import { HttpError } from '../http/errors';
import { isLocalDevelopmentRequest } from '../http/local-only';

/**
 * The team's pages under /admin. With ADMIN_TOKEN set they need it, as a bearer token (scripts) or as
 * the password of HTTP Basic auth (a browser asks for it natively; any user name). Without the
 * token they are open outside production to requests made on this machine only (loopback, no
 * forwarding header), and closed otherwise.
 */
export function requireAdmin(env: Env, request: FastifyRequest, reply: FastifyReply): void {
  const expected = env.ADMIN_TOKEN;
  if (!expected) {
    if (isLocalDevelopmentRequest(env, request)) return;
    throw new HttpError(403, 'ADMIN_DISABLED', 'Set ADMIN_TOKEN to use the team pages');
  }
  const given = presentedToken(request.headers.authorization);
  if (given !== null && sameSecret(given, expected)) return;
  reply.header('www-authenticate', 'Basic realm="Ringwise team", charset="UTF-8"');
  throw new HttpError(401, 'UNAUTHORIZED', 'Admin token required');
}

function presentedToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value = ''] = header.split(' ', 2);
  if (scheme?.toLowerCase() === 'bearer') return value.trim();
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value.trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon === -1 ? null : decoded.slice(colon + 1);
  }
  return null;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
