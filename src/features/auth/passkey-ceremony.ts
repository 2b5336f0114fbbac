import type { Session } from '@supabase/supabase-js';
import { startAuthentication } from '@simplewebauthn/browser';
import { sendRefusalOf } from '../../../core/auth-codes';
import { getSupabase } from '../../platform/session/supabase';

/** Why a passkey sign-in did not happen, as the page says it (locales passkeys.json `errors.*`). */
export type PasskeyRefusal = 'cancelled' | 'failed' | 'expired' | 'rateLimited' | 'captcha' | 'unavailable' | 'network';
export type PasskeyOutcome = { ok: true; session: Session } | { ok: false; reason: PasskeyRefusal; waitSeconds?: number | undefined };

/** The server's answer (GoTrue's codes) as the refusal the page says. */
export function refusalOf(error: { code?: string | undefined; message?: string; name?: string } | null | undefined): PasskeyOutcome {
  const code = error?.code ?? '';
  if (code === 'webauthn_challenge_expired' || code === 'webauthn_challenge_not_found') return { ok: false, reason: 'expired' };
  if (code === 'over_request_rate_limit') return { ok: false, reason: 'rateLimited', waitSeconds: sendRefusalOf(code, error?.message ?? '')?.waitSeconds };
  if (code === 'captcha_failed') return { ok: false, reason: 'captcha' };
  if (code === 'passkey_disabled') return { ok: false, reason: 'unavailable' };
  if (error?.name === 'AuthRetryableFetchError') return { ok: false, reason: 'network' };
  return { ok: false, reason: 'failed' };
}

/** The person closed the browser's prompt, or a newer ceremony (the button over the autofill) took over. */
function browserRefusal(error: unknown): PasskeyOutcome {
  const name = (error as { name?: string; code?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return { ok: false, reason: 'cancelled' };
  return { ok: false, reason: 'failed' };
}

/**
 * One sign-in with a passkey: the server's options (with the captcha token when it asks for one),
 * the browser's ceremony through @simplewebauthn/browser (a modal prompt, or the autofill's
 * conditional request, which waits until a passkey is picked in the field's suggestions), then
 * supabase-js's verify, which stores the session and tells the session chart (SIGNED_IN). A newer
 * ceremony aborts the one under way, so the button takes over from a waiting autofill.
 */
export async function signInWithPasskey({ autofill, captchaToken }: { autofill: boolean; captchaToken?: string | undefined }): Promise<PasskeyOutcome> {
  const supabase = getSupabase();
  const started = await supabase.auth.passkey.startAuthentication({ options: { captchaToken } });
  if (!started.data) return refusalOf(started.error);
  let credential;
  try {
    credential = await startAuthentication({ optionsJSON: started.data.options as Parameters<typeof startAuthentication>[0]['optionsJSON'], useBrowserAutofill: autofill });
  } catch (error) {
    return browserRefusal(error);
  }
  // supabase-js types the credential with its own copy of the WebAuthn JSON types; the object is the same.
  const verified = await supabase.auth.passkey.verifyAuthentication({ challengeId: started.data.challenge_id, credential: credential as never });
  if (!verified.data?.session) return refusalOf(verified.error as { code?: string; message?: string; name?: string } | null);
  return { ok: true, session: verified.data.session };
}
