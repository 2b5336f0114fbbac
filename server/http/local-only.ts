import type { FastifyRequest } from 'fastify';
import type { Env } from '../config/env';
import { HttpError } from './errors';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip'] as const;

/**
 * Development conveniences (the dev outbox with every code, the dev clock, the team's pages without
 * ADMIN_TOKEN) answer only when the server is not in production AND the request comes from this
 * machine itself: a loopback socket carrying no forwarding header. A deployment that forgets
 * NODE_ENV=production therefore still shows them to nobody on the network, nor through a proxy on
 * the same host (which connects from loopback but adds a forwarding header).
 */
export function isLocalDevelopmentRequest(env: Pick<Env, 'NODE_ENV'>, request: FastifyRequest): boolean {
  if (env.NODE_ENV === 'production') return false;
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

export function requireLocalDevelopment(env: Pick<Env, 'NODE_ENV'>, request: FastifyRequest): void {
  if (!isLocalDevelopmentRequest(env, request)) {
    throw new HttpError(403, 'DEV_ONLY', 'Development pages answer only requests made on this machine, outside production');
  }
}
