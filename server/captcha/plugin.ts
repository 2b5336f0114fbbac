import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadAuthSecret } from '../auth/secret';
import { TEST_SITE_KEYS } from './siteverify';
import { issueWork, spendWork, workKeys, type SpentWork, type WorkContext, type WorkData } from './work';
import type { Challenge } from 'altcha-lib';

export type CaptchaProvider = 'altcha' | 'turnstile' | 'hcaptcha' | 'off';

/** What `app.captcha` offers: the provider in force and the proof-of-work primitives any capability may use with its own scope. */
export interface CaptchaService {
  provider: CaptchaProvider;
  /** A challenge of `scope` costing maxNumber / 2 tries on average (the ALTCHA widget's and altcha-lib's challenge JSON). */
  issueWork(options: { scope: string; maxNumber: number; data?: WorkData }): Promise<Challenge>;
  /** Checks and spends a solved payload of `scope`, once across every instance (the database decides). */
  spendWork(options: { scope: string; payload: string | null | undefined }): Promise<SpentWork>;
}

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaService;
  }
}

/** CAPTCHA_PROVIDER, or its default: ALTCHA everywhere but tests (whose helpers name theirs). */
export function captchaProviderOf(env: FastifyInstance['env']): CaptchaProvider {
  return env.CAPTCHA_PROVIDER ?? (env.NODE_ENV === 'test' ? 'off' : 'altcha');
}

/** `app.captcha`, and the provider and its public site key in /config.json. */
async function captchaPlugin(app: FastifyInstance): Promise<void> {
  const context: WorkContext = { db: app.db, clock: app.clock, keys: workKeys(loadAuthSecret(app.env)) };
  const provider = captchaProviderOf(app.env);
  app.decorate('captcha', {
    provider,
    issueWork: (options) => issueWork(context, options),
    spendWork: (options) => spendWork(context, options),
  } satisfies CaptchaService);
  app.publicSettings.captcha = provider === 'turnstile' || provider === 'hcaptcha' ? { provider, siteKey: app.env.CAPTCHA_SITE_KEY ?? TEST_SITE_KEYS[provider] } : { provider };
}

export default fp(captchaPlugin, { name: 'captcha', fastify: '5.x', dependencies: ['env', 'database', 'clock'] });
