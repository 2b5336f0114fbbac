import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../core/routes/languages';
import { Alert } from '../../ui/Alert';
import { lazyChunk } from '../../../core/lazy-chunk';
import { useSession } from '../session/session';
import type * as EmailToConfirmCard from './EmailToConfirmCard';

/**
 * The card with its code-sending parts (email-claim, otp, the held-claim notice, the refusal
 * messages): asked for only when the signed-in person has an address to confirm (the account page's
 * reads ask for it beside them, ../../features/account/account-reads.ts), never in the first paint
 * of the many who have none.
 */
const emailToConfirmCard = lazyChunk<typeof EmailToConfirmCard>(() => import('./EmailToConfirmCard'));
export const loadEmailToConfirmCard = () => emailToConfirmCard.load();

/**
 * Whether the account page may draw its content: the person is `known`, and has no address to
 * confirm or this card's code has come (asked for here if the reads' prefetch has not yet), so the
 * card is drawn with the page rather than growing into it under the reader (CLS). Once true it stays
 * true: an address that appears later (another tab's sign-in) brings its card through Suspense,
 * never the loading line back over the page.
 */
export function useEmailCardReady(email: string | null | undefined, known: boolean): boolean {
  const [came, setCame] = useState(() => emailToConfirmCard.loaded() !== undefined);
  const [wasReady, setWasReady] = useState(false);
  const ready = wasReady || (known && (!email || came));
  if (ready && !wasReady) setWasReady(true);
  useEffect(() => {
    if (ready || !email) return;
    let live = true;
    // Failed too: the page draws, and the card's Suspense asks again.
    const done = () => void (live && setCame(true));
    emailToConfirmCard.load().then(done, done);
    return () => {
      live = false;
    };
  }, [ready, email]);
  return ready;
}

const LazyCard = lazy(() => emailToConfirmCard.load().then((module) => ({ default: module.EmailToConfirmCard })));

/**
 * The account page's unconfirmed email, if there is one (./EmailToConfirmCard.tsx, in its own
 * chunk), and the "confirmed" alert after its code is checked (the session then holds no address to
 * confirm, so this, not the card, keeps it).
 */
export function EmailToConfirm({ lng, folded }: { lng: Language; folded: boolean }) {
  const { t: tAuth } = useTranslation('auth');
  const { session } = useSession();
  const [confirmed, setConfirmed] = useState(false);
  // Chosen once: the card drawn at once when its chunk came with the page's reads (no empty frame
  // under the reader, CLS), else through Suspense. Never switched after, which would remount the card
  // and lose a code being typed.
  const [Card] = useState(() => emailToConfirmCard.loaded()?.EmailToConfirmCard ?? LazyCard);
  const email = session?.user.new_email;
  if (confirmed) return <Alert tone="positive">{tAuth('emailConfirmation.confirmed')}</Alert>;
  if (!email) return null;
  return (
    <Suspense fallback={null}>
      <Card lng={lng} folded={folded} email={email} onConfirmed={() => setConfirmed(true)} />
    </Suspense>
  );
}
