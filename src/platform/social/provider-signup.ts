import type { SignupCompleteRequest } from '../../../core/contracts/signup-forms';
import { readTrackingParams } from '../../../core/routes/tracking-params';
import { whenSessionKnown } from '../session/session';
import { signupFromClaims } from './claims';
import { providerStart } from './provider-start';

/**
 * The sign-up the signed-in person's provider claims carry, for the funnel's `providerSignup`
 * effect (machines/onboarding.actors.ts): null for a person who came in by a code.
 */
export async function providerSignupFromSession(): Promise<SignupCompleteRequest | null> {
  const session = await whenSessionKnown();
  if (!session) return null;
  const tracking = Object.fromEntries(Object.entries(readTrackingParams()).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return signupFromClaims(session.user, providerStart(), tracking);
}
