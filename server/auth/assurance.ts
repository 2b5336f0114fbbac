import { AuthApiError } from './errors';
import type { Authenticated } from './service';

export type Aal = 'aal1' | 'aal2';

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
