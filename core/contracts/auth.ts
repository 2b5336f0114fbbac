import { z } from 'zod';
import { CODE_PATTERN } from '../auth-codes';

/** A one-time code: exactly 6 digits (SPEC §5). */
export const otpCodeSchema = z.string().regex(CODE_PATTERN);

/**
 * The auth error codes the SPA translates (GoTrue `error_code` values plus two client-side ones).
 * Anything else is shown as `unknown`.
 */
export const authErrorCodes = [
  'otp_expired',
  'over_sms_send_rate_limit',
  'over_email_send_rate_limit',
  'over_request_rate_limit',
  'invalid_phone',
  'invalid_email',
  'invalid_code',
  'phone_exists',
  'email_exists',
  'sms_send_failed',
  /** Sign-in only: no account signs in with this phone or (proven) email. */
  'otp_disabled',
  /** A send refused by the captcha (400 captcha_failed: missing, forged, expired or already used). */
  'captcha_failed',
  /** Client-side: the browser could not run the captcha (its challenge did not load), so nothing was asked. */
  'captcha_unavailable',
  'network',
  'unknown',
] as const;

export type AuthErrorCode = (typeof authErrorCodes)[number];

/** Query of the dev outbox JSON (GET /dev/outbox.json). */
export const devOutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  code: z.string().nullable(),
  created_at: z.string(),
});
export type DevOutboxMessage = z.infer<typeof devOutboxMessageSchema>;
