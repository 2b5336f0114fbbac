/**
 * The assurance levels of a session (GoTrue's `aal` claim): `aal1` after one factor, `aal2` once a
 * second one (an authenticator, a texted code, a passkey that verified the person) was used in it.
 * One type for the server's tokens and sessions and the browser's session view.
 */
export type Aal = 'aal1' | 'aal2';
