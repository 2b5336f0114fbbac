import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env';
import { configuredOrigin, publicOrigin } from '../../http/public-origin';
import { AuthApiError } from '../errors';
import { passkeyHostAllowed } from '../../../core/passkeys';

/** The name authenticators show beside the account ("Ringwise" in the passkey picker). */
export const RP_NAME = 'Ringwise';

/**
 * The relying party: the host of the address browsers open (PUBLIC_URL, else where the server
 * listens). A passkey is bound to it for good: changing PUBLIC_URL's host orphans every passkey.
 */
export function rpIdOf(env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  return new URL(configuredOrigin(env)).hostname.replace(/^\[|\]$/g, '');
}

/**
 * Passkeys need a domain: WebAuthn refuses an IP address as an RP ID, so a server opened at
 * http://127.0.0.1:3000 (the default HOST) has them off, and /settings says so. `localhost` is a
 * domain browsers accept without https (README: passkeys in development need http://localhost:3000).
 */
export function passkeysEnabled(env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): boolean {
  return passkeyHostAllowed(rpIdOf(env));
}

/** The origin a ceremony's client data must name: exactly the app's public origin. */
export function expectedOrigin(app: FastifyInstance): string {
  return publicOrigin(app);
}

export const passkeyDisabled = () => new AuthApiError(404, 'passkey_disabled', 'Passkeys are disabled');
