import { cooldownMessage, requestLimitMessage } from '../../core/auth-codes';

/**
 * An error in the Supabase Auth (GoTrue) wire format. Under `/auth/v1` the plugin's error handler
 * renders it as `{ code, message }` with `X-Supabase-Api-Version: 2024-01-01` (what supabase-js
 * sends), or the legacy `{ code, error_code, msg }` when a client asks for no version.
 */
export class AuthApiError extends Error {
  override name = 'AuthApiError';
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const validationFailed = (message: string) => new AuthApiError(400, 'validation_failed', message);
export const otpExpired = () => new AuthApiError(403, 'otp_expired', 'Token has expired or is invalid');
/** A budget spent (per address, account, country, hour…): nothing was sent, try again in N seconds (core/auth-codes.ts). */
export const overRequestRateLimit = (retryAfterSeconds: number) =>
  new AuthApiError(429, 'over_request_rate_limit', requestLimitMessage(retryAfterSeconds), { 'retry-after': String(retryAfterSeconds) });
/** The 60 s wait between two codes to one recipient: the last code still works (core/auth-codes.ts). */
export const frequencyLimit = (code: 'over_sms_send_rate_limit' | 'over_email_send_rate_limit', seconds: number) =>
  new AuthApiError(429, code, cooldownMessage(seconds), { 'retry-after': String(seconds) });
