import type { AuthError } from '@supabase/supabase-js';
import { authRead } from '../../../platform/session/auth-read';
import { loadSupabase } from '../../../platform/session/session';

/** A passkey as GET /auth/v1/passkeys lists it (GoTrue's fields and our `device`). */
export interface Passkey {
  id: string;
  friendly_name?: string;
  created_at: string;
  last_used_at?: string;
  device?: { authenticator: string | null; browser: string | null; os: string | null };
}

/** What went wrong, as the card says it (locales passkeys.json `errors.*`). */
export type PasskeyProblem = 'addFailed' | 'exists' | 'tooMany' | 'needsSecondStep' | 'lastWayIn' | 'renameFailed' | 'removeFailed' | 'cancelled' | 'loadFailed';

type Result<T> = { ok: true; value: T } | { ok: false; problem: PasskeyProblem };

/** GoTrue's codes as the card's problems; anything else is the action's own "couldn't". */
function problemOf(error: AuthError | Error | null, fallback: PasskeyProblem): PasskeyProblem {
  const code = (error as { code?: string } | null)?.code;
  const name = (error as { name?: string } | null)?.name;
  if (code === 'webauthn_credential_exists' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'exists';
  if (code === 'too_many_passkeys') return 'tooMany';
  if (code === 'insufficient_aal') return 'needsSecondStep';
  if (code === 'single_identity_not_deletable') return 'lastWayIn';
  // The person closed the browser's prompt (supabase-js's WebAuthnError keeps the DOMException's name or its own code).
  if (name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED' || (error as { cause?: { name?: string } } | null)?.cause?.name === 'NotAllowedError') return 'cancelled';
  return fallback;
}

/** The list is a plain read (GET /auth/v1/passkeys): showing the card does not load supabase-js. */
export async function listPasskeys(): Promise<Result<Passkey[]>> {
  try {
    return { ok: true, value: await authRead<Passkey[]>('/passkeys') };
  } catch (error) {
    return { ok: false, problem: problemOf(error as Error, 'loadFailed') };
  }
}

/** The whole ceremony through supabase-js (options, the browser's prompt, verify). */
export async function addPasskey(): Promise<Result<{ id: string }>> {
  const { data, error } = await (await loadSupabase()).auth.registerPasskey();
  return data ? { ok: true, value: data } : { ok: false, problem: problemOf(error, 'addFailed') };
}

export async function renamePasskey(id: string, name: string): Promise<Result<Passkey>> {
  const { data, error } = await (await loadSupabase()).auth.passkey.update({ passkeyId: id, friendlyName: name });
  return data ? { ok: true, value: data as Passkey } : { ok: false, problem: problemOf(error, 'renameFailed') };
}

export async function removePasskey(id: string): Promise<Result<null>> {
  const { error } = await (await loadSupabase()).auth.passkey.delete({ passkeyId: id });
  return error ? { ok: false, problem: problemOf(error, 'removeFailed') } : { ok: true, value: null };
}
