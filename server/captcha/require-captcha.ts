import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthApiError } from '../auth/errors';
import { SITEVERIFY_URLS, siteverify, SiteverifyUnavailable, TEST_SECRETS } from './siteverify';
import { spendOnce, tokenKey } from './work';

/** The scope of the challenges the auth routes spend (GET /auth/v1/captcha/challenge issues them). */
export const AUTH_WORK_SCOPE = 'auth';

/** How long a hosted provider's token is remembered as spent (Turnstile's and hCaptcha's tokens live 300 s). */
const HOSTED_TOKEN_LIFETIME_MS = 5 * 60_000;

/** What a request proved: the provider, and for ALTCHA the work it paid (maxNumber of its challenge). */
export interface CaptchaProof {
  provider: 'altcha' | 'turnstile' | 'hcaptcha' | 'off';
  /** The solved challenge's maxNumber (ALTCHA only; null when the provider proves no measured work). */
  maxNumber: number | null;
  /** The signed data the challenge carried (ALTCHA only). */
  data: Record<string, unknown>;
}

export const captchaFailed = (reason: string) => new AuthApiError(400, 'captcha_failed', `captcha protection: request disallowed (${reason})`);

/**
 * The captcha a route requires (GoTrue: /otp, /signup, /resend, /recover, passkey authentication
 * options; never /verify, refresh or pkce). Missing, forged, expired or already used: 400
 * captcha_failed. A hosted provider that does not answer within CAPTCHA_TIMEOUT_MS: 500.
 * `token` is the body's `gotrue_meta_security.captcha_token` (supabase-js `options.captchaToken`).
 */
export async function requireCaptcha(app: FastifyInstance, request: FastifyRequest, token: string | null | undefined): Promise<CaptchaProof> {
  const provider = app.captcha.provider;
  if (provider === 'off') return { provider, maxNumber: null, data: {} };
  if (provider === 'altcha') {
    const spent = await app.captcha.spendWork({ scope: AUTH_WORK_SCOPE, payload: token });
    if (!spent.ok) throw refuse(app, spent.reason);
    return { provider, maxNumber: spent.maxNumber, data: spent.data };
  }
  if (!token) throw refuse(app, 'missing');
  if (token.length > 4096) throw refuse(app, 'malformed');
  const env = app.env;
  let verdict;
  try {
    verdict = await siteverify({
      url: env.CAPTCHA_VERIFY_URL ?? SITEVERIFY_URLS[provider],
      secret: env.CAPTCHA_SECRET ?? TEST_SECRETS[provider],
      token,
      remoteIp: request.ip,
      timeoutMs: env.CAPTCHA_TIMEOUT_MS,
    });
  } catch (error) {
    if (!(error instanceof SiteverifyUnavailable)) throw error;
    request.log.error({ provider, reason: error.message }, 'captcha siteverify unavailable');
    throw new AuthApiError(500, 'unexpected_failure', 'captcha verification is unavailable; try again in a moment');
  }
  if (!verdict.ok) throw refuse(app, verdict.reason);
  // The provider says single use too; the database says it for every instance of ours.
  const first = await spendOnce(app.db, { key: tokenKey(token), scope: AUTH_WORK_SCOPE, expiresAt: new Date(app.clock.now().getTime() + HOSTED_TOKEN_LIFETIME_MS) });
  if (!first) throw refuse(app, 'already used');
  return { provider, maxNumber: null, data: {} };
}

function refuse(app: FastifyInstance, reason: string): AuthApiError {
  app.metrics.captchaRefused.inc({ reason });
  return captchaFailed(reason);
}
