import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PublicConfig } from '../../core/contracts/public-config';
import type { Env } from './env';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    /** Public values that capabilities contribute to `/config.json` (never secrets). */
    publicSettings: PublicSettings;
  }
}

export interface PublicSettings {
  authPublishableKey?: string;
  analyticsApiKey?: string;
  paymentsProvider?: PublicConfig['payments']['provider'];
  captcha?: PublicConfig['captcha'];
}

/** The parsed environment, and the public settings capabilities fill in for /config.json. */
async function envPlugin(app: FastifyInstance, options: { env: Env }): Promise<void> {
  app.decorate('env', options.env);
  app.decorate('publicSettings', {});
}

export default fp(envPlugin, { name: 'env', fastify: '5.x' });
