import { lazy, Suspense } from 'react';
import { passkeyHostAllowed } from '../../../../core/passkeys';

/**
 * The account page's passkeys card, in its own chunk fetched when the page shows it, and only where
 * passkeys can work (WebAuthn, and a domain in the address bar: core/passkeys.ts).
 */
const PasskeysCard = lazy(() => import('./PasskeysCard'));

export function Passkeys(props: { userId: string; trialStarted: boolean }) {
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function' || !passkeyHostAllowed(window.location.hostname)) return null;
  return (
    <Suspense fallback={null}>
      <PasskeysCard {...props} />
    </Suspense>
  );
}
