import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { totpAt } from './mfa';

/**
 * Server tests of two-step verification with the real supabase-js client against the running auth
 * service (tests/server/auth/harness.ts): the first factor, and an authenticator app's code at the
 * harness's own clock.
 */

/** What these helpers need of the auth harness. */
export interface CodeHarness {
  client(): SupabaseClient;
  latestCode(recipient: string): Promise<string>;
  clock: { now(): Date };
}

/** A fresh client signed in by the code texted to `phone`: an aal1 session, as the SPA's sign-in makes. */
export async function signedInByText(h: CodeHarness, phone: string): Promise<{ supabase: SupabaseClient; session: Session }> {
  const supabase = h.client();
  await supabase.auth.signInWithOtp({ phone });
  const { data, error } = await supabase.auth.verifyOtp({ phone, token: await h.latestCode(phone), type: 'sms' });
  if (!data.session) throw error ?? new Error(`no session for ${phone}`);
  return { supabase, session: data.session };
}

/** The authenticator app's code for `secret` at the harness's clock. */
export const totpAtClock = (h: CodeHarness, secret: string) => totpAt(secret, h.clock.now().getTime());
