import type { Factor } from '@supabase/supabase-js';
import { E164_PATTERN } from '../../../core/phone/spelling';
import { z } from 'zod';
import { CODE_PATTERN } from '../../../core/auth-codes';
import { loadSupabase } from '../session/session';
import { isAuthError } from '../session/signed-in';
import { storedPhone } from '../../../core/phone/spelling';

/**
 * Two-step verification through supabase-js's `auth.mfa.*` (POST /factors, POST /factors/{id}/challenge,
 * POST /factors/{id}/verify, DELETE /factors/{id}; the factor list is GET /user's `factors`). Every
 * value a person typed is checked with zod before a request; every failure comes back as a code the
 * pages translate (locales/…/auth.json and account.json, `mfa.errors.<code>`).
 */

/** 6 digits, from whatever was typed or pasted ("123 456", "Code: 123456"). */
export const mfaCodeSchema = z
  .string()
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().regex(CODE_PATTERN));

/** E.164, as the phone field gives it once the number is valid. */
export const mfaPhoneSchema = z.string().regex(E164_PATTERN);

const factorIdSchema = z.string().uuid();

export const mfaErrorCodes = [
  /** Not 6 digits (checked before asking the server). */
  'invalid_code',
  /** The code is not the one expected (422 mfa_verification_failed). */
  'wrong_code',
  /** The challenge's 5 minutes are over or its 5 tries used (422 mfa_challenge_expired). */
  'expired',
  /** Too many tries for this factor (429 over_request_rate_limit). */
  'too_many_tries',
  /** A text was sent less than a minute ago (429 over_sms_send_rate_limit). */
  'sms_wait',
  'invalid_phone',
  /** This number is already a factor (422 phone_exists). */
  'phone_exists',
  /** 422 too_many_enrolled_mfa_factors. */
  'too_many_factors',
  /** Changing factors needs the second step first (403/422 insufficient_aal). */
  'insufficient_aal',
  /** The factor is gone (removed in another tab). */
  'factor_not_found',
  'sms_send_failed',
  'network',
  'unknown',
] as const;

export type MfaErrorCode = (typeof mfaErrorCodes)[number];
export type MfaFailure = { ok: false; code: MfaErrorCode; retryAfterSeconds?: number };
export type MfaResult<T> = ({ ok: true } & T) | MfaFailure;

/** A factor as the pages show it. */
export interface FactorView {
  id: string;
  type: 'totp' | 'phone';
  /** E.164 for a phone factor. */
  phone: string | null;
  verified: boolean;
  createdAt: string;
}

/** Maps a supabase-js error (GoTrue `error_code`) to what the pages say. */
export function toMfaFailure(error: unknown): MfaFailure {
  if (!isAuthError(error)) return { ok: false, code: 'unknown' };
  if (error.name === 'AuthRetryableFetchError') return { ok: false, code: 'network' };
  const seconds = /(?:after|in) (\d+) seconds?/.exec(error.message)?.[1];
  const retry = seconds ? { retryAfterSeconds: Number(seconds) } : {};
  switch (error.code) {
    case 'mfa_verification_failed':
      return { ok: false, code: 'wrong_code' };
    case 'mfa_challenge_expired':
      return { ok: false, code: 'expired' };
    case 'over_request_rate_limit':
      return { ok: false, code: 'too_many_tries', ...retry };
    case 'over_sms_send_rate_limit':
      return { ok: false, code: 'sms_wait', ...retry };
    case 'phone_exists':
      return { ok: false, code: 'phone_exists' };
    case 'too_many_enrolled_mfa_factors':
      return { ok: false, code: 'too_many_factors' };
    case 'insufficient_aal':
      return { ok: false, code: 'insufficient_aal' };
    case 'mfa_factor_not_found':
      return { ok: false, code: 'factor_not_found' };
    case 'sms_send_failed':
      return { ok: false, code: 'sms_send_failed' };
    case 'validation_failed':
      return { ok: false, code: /phone/i.test(error.message) ? 'invalid_phone' : 'unknown' };
    default:
      return { ok: false, code: 'unknown' };
  }
}

export function factorView(factor: Factor): FactorView | null {
  if (factor.factor_type !== 'totp' && factor.factor_type !== 'phone') return null;
  const phone = (factor as Factor & { phone?: string }).phone;
  return {
    id: factor.id,
    type: factor.factor_type,
    phone: factor.factor_type === 'phone' ? storedPhone(phone) : null,
    verified: factor.status === 'verified',
    createdAt: factor.created_at,
  };
}

/** The person's factors, fresh from the server (GET /user), oldest first. */
export async function listFactors(): Promise<MfaResult<{ factors: FactorView[] }>> {
  const { data, error } = await (await loadSupabase()).auth.mfa.listFactors();
  if (error) return toMfaFailure(error);
  return { ok: true, factors: data.all.map(factorView).filter((factor): factor is FactorView => factor !== null) };
}

/** Starts an authenticator-app enrolment: the QR code (an SVG data address) and the key to type. */
export async function enrollTotp(issuer: string): Promise<MfaResult<{ factorId: string; qrCode: string; secret: string }>> {
  const { data, error } = await (await loadSupabase()).auth.mfa.enroll({ factorType: 'totp', issuer });
  if (error) return toMfaFailure(error);
  // supabase-js prefixes the raw SVG; encoded, it is a data address any browser reads whole.
  const svg = data.totp.qr_code.replace(/^data:image\/svg\+xml;utf-8,/, '');
  return { ok: true, factorId: data.id, qrCode: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, secret: data.totp.secret };
}

/** Starts a phone enrolment (the first code is sent by `challenge`). */
export async function enrollPhone(phone: string): Promise<MfaResult<{ factorId: string }>> {
  const parsed = mfaPhoneSchema.safeParse(phone);
  if (!parsed.success) return { ok: false, code: 'invalid_phone' };
  const { data, error } = await (await loadSupabase()).auth.mfa.enroll({ factorType: 'phone', phone: parsed.data });
  if (error) return toMfaFailure(error);
  return { ok: true, factorId: data.id };
}

/** A challenge for the factor; for a phone factor, the server texts a code. Valid 5 minutes. */
export async function challenge(factorId: string): Promise<MfaResult<{ challengeId: string; expiresAt: number }>> {
  if (!factorIdSchema.safeParse(factorId).success) return { ok: false, code: 'factor_not_found' };
  const { data, error } = await (await loadSupabase()).auth.mfa.challenge({ factorId });
  if (error) return toMfaFailure(error);
  return { ok: true, challengeId: data.id, expiresAt: data.expires_at * 1000 };
}

/**
 * Answers a challenge. Success: supabase-js stores the aal2 session and reports
 * MFA_CHALLENGE_VERIFIED (the session chart moves to aal2).
 */
export async function verify(factorId: string, challengeId: string, code: string): Promise<MfaResult<object>> {
  const parsed = mfaCodeSchema.safeParse(code);
  if (!parsed.success) return { ok: false, code: 'invalid_code' };
  const { error } = await (await loadSupabase()).auth.mfa.verify({ factorId, challengeId, code: parsed.data });
  return error ? toMfaFailure(error) : { ok: true };
}

/**
 * Removes a factor, then refreshes the session: supabase-js keeps the user (and its factor list)
 * of the last session it stored, and the server may have lowered this session's level.
 */
export async function unenroll(factorId: string): Promise<MfaResult<object>> {
  if (!factorIdSchema.safeParse(factorId).success) return { ok: false, code: 'factor_not_found' };
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) return toMfaFailure(error);
  await supabase.auth.refreshSession();
  return { ok: true };
}

/** Forgets an enrolment left half way (cancelled): the server would purge it after 5 minutes anyway. */
export async function abandonEnrolment(factorId: string): Promise<void> {
  await (await loadSupabase()).auth.mfa.unenroll({ factorId }).catch(() => undefined);
}
