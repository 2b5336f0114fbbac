import type { Session } from '@supabase/supabase-js';
import type { AuthErrorCode } from '../../../core/contracts/auth';
// The code's shape without zod on the sign-in path (contracts/auth's otpCodeSchema is the same pattern).
import { CODE_PATTERN, sendRefusalOf, waitSecondsIn, type SendRefusal } from '../../../core/auth-codes';
import { loadSupabase } from '../session/session';
import { isAuthError } from '../session/signed-in';


export type Recipient = { phone: string } | { email: string };

/**
 * A refused request: the code the pages translate, the seconds the server asked to wait, and for a
 * refused send which refusal it was (the 60 s wait or a budget, core/auth-codes.ts).
 */
export type OtpFailure = { ok: false; code: AuthErrorCode; retryAfterSeconds?: number; refusal?: SendRefusal };
export type SendResult = { ok: true } | OtpFailure;
export type VerifyResult = { ok: true; session: Session } | OtpFailure;

/** Maps a supabase-js error to a code the pages translate (locales/…/auth.json `errors.<code>`). */
export function toAuthErrorCode(error: unknown): OtpFailure {
  if (!isAuthError(error)) return { ok: false, code: 'unknown' };
  if (error.name === 'AuthRetryableFetchError') return { ok: false, code: 'network' };
  const seconds = waitSecondsIn(error.message);
  const retry = seconds === undefined ? {} : { retryAfterSeconds: seconds };
  const refusal = sendRefusalOf(error.code ?? '', error.message);
  if (refusal) return { ok: false, code: error.code as AuthErrorCode, ...retry, refusal };
  switch (error.code) {
    case 'otp_expired':
    case 'captcha_failed':
    case 'phone_exists':
    case 'email_exists':
    case 'sms_send_failed':
    case 'otp_disabled':
      return { ok: false, code: error.code as AuthErrorCode, ...retry };
    case 'validation_failed':
      if (/phone/i.test(error.message)) return { ok: false, code: 'invalid_phone' };
      if (/email/i.test(error.message)) return { ok: false, code: 'invalid_email' };
      return { ok: false, code: 'unknown' };
    default:
      return { ok: false, code: 'unknown' };
  }
}

/**
 * Sends a 6-digit code by SMS or email. Sign-up creates the account on first use; sign-in passes
 * `createUser: false`, so an unknown phone or an unproven email is refused ('otp_disabled') and never
 * becomes an empty account (decision 103).
 */
export async function sendCode(recipient: Recipient, options: { language?: string; createUser?: boolean } = {}): Promise<SendResult> {
  const data = options.language ? { locale: options.language } : undefined;
  // The emailed link comes back to the sign-in page, which never redirects before supabase-js has
  // exchanged the ?code= (PKCE) for a session.
  const emailRedirectTo = options.language ? `${window.location.origin}/${options.language}/sign-in-otp` : undefined;
  const supabase = await loadSupabase();
  return sendWithCaptcha('phone' in recipient ? recipient.phone : undefined, async (captcha) => {
    const { error } = await supabase.auth.signInWithOtp(
      'phone' in recipient
        ? { phone: recipient.phone, options: { data, channel: 'sms', shouldCreateUser: options.createUser ?? true, ...captcha } }
        : { email: recipient.email, options: { data, shouldCreateUser: options.createUser ?? true, ...(emailRedirectTo ? { emailRedirectTo } : {}), ...captcha } },
    );
    return error;
  });
}

/** Texts the phone_change code again (onboarding's verify-phone step): /resend, so with its own captcha token. */
export async function resendPhoneChange(phone: string): Promise<SendResult> {
  const supabase = await loadSupabase();
  return sendWithCaptcha(phone, async (captcha) => (await supabase.auth.resend({ type: 'phone_change', phone, options: { ...captcha } })).error);
}

/** A send with its captcha token, the retry of a refused one included (captcha.ts, loaded on the first send). */
async function sendWithCaptcha(phone: string | undefined, send: (captcha: { captchaToken?: string }) => Promise<unknown>): Promise<SendResult> {
  let sent: { error: unknown } | { unavailable: true };
  try {
    sent = await (await import('./captcha')).sendWithCaptcha(phone, send);
  } catch {
    sent = { unavailable: true };
  }
  if ('unavailable' in sent) return { ok: false, code: 'captcha_unavailable' };
  return sent.error ? toAuthErrorCode(sent.error) : { ok: true };
}

/** Verifies the code; on success supabase-js stores the session and announces SIGNED_IN. */
export async function verifyCode(recipient: Recipient, token: string, type?: 'sms' | 'email' | 'phone_change' | 'email_change'): Promise<VerifyResult> {
  const code = token.replace(/\D/g, '');
  if (!CODE_PATTERN.test(code)) return { ok: false, code: 'invalid_code' };
  const supabase = await loadSupabase();
  const { data, error } =
    'phone' in recipient
      ? await supabase.auth.verifyOtp({ phone: recipient.phone, token: code, type: type === 'phone_change' ? 'phone_change' : 'sms' })
      : await supabase.auth.verifyOtp({ email: recipient.email, token: code, type: type === 'email_change' ? 'email_change' : 'email' });
  if (error) return toAuthErrorCode(error);
  if (data.session) return { ok: true, session: data.session };
  // A change code proves the address for this tab's account and starts no session (whoever reads
  // that phone or inbox must not get the account): the tab's own session is renewed to carry it.
  if (type === 'phone_change' || type === 'email_change') {
    const renewed = await supabase.auth.refreshSession();
    if (renewed.data.session) return { ok: true, session: renewed.data.session };
  }
  return { ok: false, code: 'unknown' };
}

/**
 * Attaches an email to the signed-in account as a claim and sends its proof (a link back to
 * `/{lng}/sign-in-otp?email=…&email_confirmed=1`, and a code for the account page). Sending it again
 * sends a fresh proof.
 */
export async function sendEmailConfirmation(email: string, language: string): Promise<EmailClaimResult> {
  const emailRedirectTo = `${window.location.origin}/${language}/sign-in-otp?${new URLSearchParams({ email })}`;
  const { data, error } = await (await loadSupabase()).auth.updateUser({ email, data: { locale: language } }, { emailRedirectTo });
  if (error) return toAuthErrorCode(error);
  // Held back (another code went to this address a moment ago, or its hour is spent): the claim is
  // kept and the server says in how many seconds its code may go (server/auth/email-claim.ts).
  const held = (data.user as { email_change_retry_after?: unknown } | null)?.email_change_retry_after;
  return typeof held === 'number' && held > 0 ? { ok: true, heldSeconds: held } : { ok: true };
}

/** An email claim's answer: kept and sent, kept with its code held back `heldSeconds`, or refused. */
export type EmailClaimResult = { ok: true; heldSeconds?: number } | OtpFailure;
