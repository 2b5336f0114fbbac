import type { Aal } from '../../core/assurance';
import { AuthApiError } from './errors';
import type { Authenticated } from './service';

/** The levels, defined once in core/ (the browser's session view reads them too). */
export type { Aal };

/**
 * The one assurance rule (#25 findings 1 and 7), used by the product API (`requireUser`), the
 * factor routes and the user update alike.
 *
 * A request holds the lower of its token's claim and its session's level: an access token issued
 * before its session reached aal2 stays aal1, and a token whose session fell back to aal1 (its
 * factor removed) counts as aal1 too.
 */
export function assuranceOf(auth: Pick<Authenticated, 'claims' | 'session'>): Aal {
  return auth.claims.aal === 'aal2' && auth.session.aal === 'aal2' ? 'aal2' : 'aal1';
}

/**
 * Once a user has a verified factor, the first factor alone (a texted or emailed code) is not
 * enough: product routes, enrolling, challenging or verifying a factor that is not verified yet,
 * removing any factor, and changing the email or phone all need the second step (GoTrue's rule).
 * Stepping up with a verified factor is what aal1 may still do.
 */
export function secondStepMissing(auth: Pick<Authenticated, 'claims' | 'session' | 'hasVerifiedFactor'>): boolean {
  return auth.hasVerifiedFactor && assuranceOf(auth) !== 'aal2';
}

/** Throws GoTrue's insufficient_aal when the second step is missing (`status` as GoTrue answers per route). */
export function requireSecondStep(auth: Pick<Authenticated, 'claims' | 'session' | 'hasVerifiedFactor'>, status: 401 | 403 | 422, message: string): void {
  if (secondStepMissing(auth)) throw new AuthApiError(status, 'insufficient_aal', message);
}

/**
 * Passkeys (#36, docs/decisions/3601-passkey-assurance.md). A passkey sign-in always asks for user
 * verification (the fingerprint, face or device PIN), so it is possession plus inherence: a strong
 * first factor. For an account with a second step (a verified factor) it is aal2 only when the
 * assertion was user-verified and the passkey was added by a session that itself held aal2
 * (`second_step`): a passkey planted with a stolen code before the account had a second step stays a
 * first factor, and the authenticator app is still asked for. Without a verified factor aal1 is the
 * account's highest level, as for every other sign-in.
 */
export function passkeySignInLevel(input: { hasVerifiedFactor: boolean; userVerified: boolean; addedAtSecondStep: boolean }): Aal {
  return input.hasVerifiedFactor && input.userVerified && input.addedAtSecondStep ? 'aal2' : 'aal1';
}

/** Whether a passkey added by this session will count as the second step (`auth_passkeys.second_step`). */
export function passkeyAddedAtSecondStep(auth: Pick<Authenticated, 'claims' | 'session' | 'hasVerifiedFactor'>): boolean {
  return auth.hasVerifiedFactor && assuranceOf(auth) === 'aal2';
}

/**
 * Adding or removing a passkey changes the account's ways in: once it has a second step, an aal1
 * session may do neither (GoTrue's 403, requirePasskeyManagementAAL). Listing and renaming stay open.
 */
export function requirePasskeyManagement(auth: Pick<Authenticated, 'claims' | 'session' | 'hasVerifiedFactor'>): void {
  requireSecondStep(auth, 403, 'AAL2 session is required to manage passkeys when MFA is enabled');
}
