import type { FastifyInstance } from 'fastify';
import { callbackUrl } from '../auth/social/routes';

/** The provider name the product knows the built-in test provider by (docs/auth.md). */
export const DEV_PROVIDER_NAME = 'custom:ringwise-dev';

/**
 * With DEV_IDENTITY_PROVIDER (on by default in development, never in production): when the app is
 * ready, the dev provider starts on a loopback port and is registered as `custom:ringwise-dev`; it
 * stops with the server. oidc-provider (and Koa under it) is loaded only then, never in production.
 */
export function startDevIdentityProviderWith(app: FastifyInstance): void {
  if (app.env.NODE_ENV === 'production' || !app.env.social.devIdentityProvider) return;
  let running: { close(): Promise<void> } | null = null;
  // Ready before the server takes its first request; the callback URL is read when the provider is first used.
  app.addHook('onReady', async () => {
    const { startIdentityProvider } = await import('./identity-provider');
    const started = await startIdentityProvider({ redirectUris: () => [callbackUrl(app)] });
    running = started;
    app.social.register({ name: DEV_PROVIDER_NAME, kind: 'custom', issuer: started.issuer, clientId: started.clientId, secret: started.secret, insecure: true });
    app.log.info({ issuer: started.issuer }, 'dev identity provider listening (custom:ringwise-dev)');
  });
  app.addHook('onClose', async () => {
    app.social.unregister(DEV_PROVIDER_NAME);
    await running?.close();
  });
}
