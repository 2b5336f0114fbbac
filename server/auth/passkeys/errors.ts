import { AuthApiError } from '../errors';

/** GoTrue's passkey answers (internal/api/passkey_*.go), statuses and messages as it sends them. */
export const challengeNotFound = () => new AuthApiError(400, 'webauthn_challenge_not_found', 'Challenge not found or already used');
export const challengeExpired = () => new AuthApiError(400, 'webauthn_challenge_expired', 'Challenge has expired');
export const invalidCredential = () => new AuthApiError(400, 'webauthn_verification_failed', 'Invalid credential response');
export const verificationFailed = () => new AuthApiError(400, 'webauthn_verification_failed', 'Credential verification failed');
export const credentialExists = () => new AuthApiError(422, 'webauthn_credential_exists', 'This credential is already registered');
export const tooManyPasskeys = () => new AuthApiError(422, 'too_many_passkeys', 'Maximum number of passkeys reached');
export const passkeyNotFound = () => new AuthApiError(404, 'validation_failed', 'Passkey not found');
export const anonymousRefused = () => new AuthApiError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
/** Ours: GoTrue lets a user remove their last passkey even when nothing else lets them in. */
export const lastWayIn = () =>
  new AuthApiError(422, 'single_identity_not_deletable', 'This passkey is the only way left to sign in to this account: add a phone, an email or another passkey first');
