import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env';

/**
 * The address browsers reach this server at, from configuration only: `PUBLIC_URL`, else (outside
 * production, where the environment schema requires `PUBLIC_URL`) the address the server listens on.
 * Never the request's `Host` or `X-Forwarded-Host`: links mailed to users (sign-in, recovery, the
 * WebOTP line of a text) would otherwise point wherever a caller says (#12 finding 1).
 */
export function configuredOrigin(env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>, listeningPort?: number): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  // A wildcard interface is not an address a browser can open; loopback is on every machine.
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${listeningPort ?? env.PORT}`;
}

/** The app's public origin; with `PORT=0` the port the server actually got once it listens. */
export function publicOrigin(app: FastifyInstance): string {
  const address = app.server.listening ? app.server.address() : null;
  return configuredOrigin(app.env, typeof address === 'object' && address ? address.port : undefined);
}
