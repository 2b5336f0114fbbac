/**
 * What a trip to a provider that came back with an error means for the person, by supabase-js's
 * message (its own checks of the address) or the auth service's code (GoTrue's, in the address or
 * from the code exchange). Each key is a sentence in locales/<lng>/social.json `errors.*` saying what
 * happened and what to do next.
 */
export type CallbackErrorKey = 'incomplete' | 'expired' | 'used' | 'otherBrowser' | 'emailUnverified' | 'disabled' | 'other';

/** supabase-js's messages for an address it cannot read (auth-js GoTrueClient _getSessionFromURL). */
const byMessage: Record<string, CallbackErrorKey> = {
  'Not a valid PKCE flow url.': 'incomplete',
  'No code detected.': 'incomplete',
  'No session defined in URL': 'incomplete',
};

/** GoTrue's codes on the callback and the PKCE exchange (reference §1). */
const byCode: Record<string, CallbackErrorKey> = {
  bad_oauth_callback: 'incomplete',
  bad_oauth_state: 'expired',
  flow_state_not_found: 'expired',
  flow_state_expired: 'expired',
  flow_state_already_used: 'used',
  bad_code_verifier: 'otherBrowser',
  provider_email_needs_verification: 'emailUnverified',
  validation_failed: 'disabled',
  provider_disabled: 'disabled',
};

export function callbackErrorKey(error: { message: string; code: string | null }): CallbackErrorKey {
  return byMessage[error.message] ?? (error.code ? byCode[error.code] : undefined) ?? 'other';
}
