import type { Session } from '@supabase/supabase-js';
import { lazy, Suspense } from 'react';
import { passkeyHostAllowed } from '../../../core/passkeys';
import { useBrowserValues } from '../../lib/use-browser-values';

/**
 * "Sign in with a passkey" on the sign-in page: its code (@simplewebauthn/browser, the ceremony and
 * its messages) is fetched after the page renders, never in its first-render JavaScript. Shown only
 * where passkeys can work: WebAuthn in the browser and a domain in the address bar (an IP address
 * cannot be a relying party; the server has passkeys off then too, server/auth/passkeys/relying-party.ts).
 */
const PasskeySignInChunk = lazy(() => import('./passkey-sign-in'));

export function passkeysUsable(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && passkeyHostAllowed(window.location.hostname);
}

export function PasskeySignIn(props: { onSignedIn(session: Session): void }) {
  // What the browser supports is not known to the prerendered page: the button comes as React takes it over.
  const browser = useBrowserValues();
  if (!browser || !passkeysUsable()) return null;
  return (
    <Suspense fallback={null}>
      <PasskeySignInChunk {...props} />
    </Suspense>
  );
}
