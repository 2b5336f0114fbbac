import { z } from 'zod';
import { traced } from '../observability/tracing';

/** The hosted captchas: the token is checked by POSTing it with our secret to the provider's siteverify. */
export type HostedProvider = 'turnstile' | 'hcaptcha';

export const SITEVERIFY_URLS: Record<HostedProvider, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
};

/**
 * The providers' documented test secrets (they accept their test tokens), used outside production
 * when CAPTCHA_SECRET is not set; production refuses to start without a real one (env.ts).
 */
export const TEST_SECRETS: Record<HostedProvider, string> = {
  turnstile: '1x0000000000000000000000000000000AA',
  hcaptcha: '0x0000000000000000000000000000000000000000',
};

/** Their documented test site keys (always pass), for the widget outside production without CAPTCHA_SITE_KEY. */
export const TEST_SITE_KEYS: Record<HostedProvider, string> = {
  turnstile: '1x00000000000000000000AA',
  hcaptcha: '10000000-ffff-ffff-ffff-000000000001',
};

const answer = z.object({ success: z.boolean(), 'error-codes': z.array(z.string()).optional() });

export type SiteverifyResult = { ok: true } | { ok: false; reason: string };

/** Thrown when the provider cannot be asked (down, slow, not JSON): the route answers 500, as GoTrue does. */
export class SiteverifyUnavailable extends Error {
  override name = 'SiteverifyUnavailable';
}

/** Asks the provider whether `token` is good, within `timeoutMs`. */
export async function siteverify(options: { url: string; secret: string; token: string; remoteIp: string; timeoutMs: number }): Promise<SiteverifyResult> {
  const form = new URLSearchParams({ secret: options.secret, response: options.token, remoteip: options.remoteIp });
  let body: unknown;
  try {
    // The span names the provider's host, never the token or the secret.
    body = await traced('captcha.siteverify', { 'server.address': new URL(options.url).host }, async () => {
      const response = await fetch(options.url, { method: 'POST', body: form, signal: AbortSignal.timeout(options.timeoutMs) });
      return (await response.json()) as unknown;
    });
  } catch (error) {
    throw new SiteverifyUnavailable(`captcha siteverify did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = answer.safeParse(body);
  if (!parsed.success) throw new SiteverifyUnavailable('captcha siteverify answered something else than its JSON');
  if (parsed.data.success) return { ok: true };
  return { ok: false, reason: parsed.data['error-codes']?.join(', ') || 'refused by the provider' };
}
