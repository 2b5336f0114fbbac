import { decodeClaims } from './token-claims';

/**
 * The assurance levels of a session (GoTrue's `aal` claim): `aal1` after one factor, `aal2` once a
 * second one (an authenticator, a texted code, a passkey that verified the person) was used in it.
 * One type for the server's tokens and sessions and the browser's session view.
 */
export type Aal = 'aal1' | 'aal2';

/** What a session says of its assurance: its token (the `aal` claim) and its person's factors. */
interface SessionAssurance {
  access_token: string;
  user: { factors?: ReadonlyArray<{ status: string }> | undefined };
}

/** aal2 once the token says so (a verified second factor was used in this session). */
export const isAal2 = (session: SessionAssurance) => decodeClaims(session.access_token).aal === 'aal2';

/** The person has a verified second factor (GoTrue lists it in `user.factors`): aal2 is their next level. */
export const hasVerifiedFactor = (session: SessionAssurance) => (session.user.factors ?? []).some((factor) => factor.status === 'verified');

/**
 * Signed in by the first factor alone by a person who has a second: nothing is theirs until it is
 * passed (the session chart's `secondStepDue`), so no page presents them as signed in (#37.5).
 */
export const isSecondStepDue = (session: SessionAssurance) => hasVerifiedFactor(session) && !isAal2(session);
