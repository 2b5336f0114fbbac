import type { Session } from '@supabase/supabase-js';
import { browserSupportsWebAuthnAutofill, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Text } from '../../ui/Text';
import { takeCaptchaToken } from '../../platform/verification/captcha';
import { waitOrCooldown } from '../../../core/auth-codes';
import { signInWithPasskey, type PasskeyOutcome } from './passkey-ceremony';
import * as own from './passkey-sign-in.css';
import * as styles from './SignInOtpPage.css';

/** A waiting autofill asks again after its challenge's 5 minutes, for up to an hour on the page. */
const AUTOFILL_ROUNDS = 12;

type Refusal = Extract<PasskeyOutcome, { ok: false }>;

/** The captcha token for the options, or the refusal to say when the check could not run. */
async function captchaToken(): Promise<string | undefined | Refusal> {
  try {
    return await takeCaptchaToken();
  } catch {
    return { ok: false, reason: 'captcha' };
  }
}

async function attempt(autofill: boolean): Promise<PasskeyOutcome> {
  const token = await captchaToken();
  if (typeof token === 'object') return token;
  return signInWithPasskey({ autofill, captchaToken: token });
}

/**
 * The browser's passkey autofill on the phone or email field (their `autocomplete` names
 * `webauthn`: a conditional request waits in the background until a passkey is picked from the
 * field's suggestions), and the "Sign in with a passkey" button for a prompt now. The button's
 * ceremony aborts the waiting autofill; leaving the page aborts both.
 */
export default function PasskeySignIn({ onSignedIn }: { onSignedIn(session: Session): void }) {
  const { t } = useTranslation('passkeys');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  });

  useEffect(() => {
    let stopped = false;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill())) return;
      for (let round = 0; round < AUTOFILL_ROUNDS && !stopped; round += 1) {
        const outcome = await attempt(true);
        // Signed in: carry on even if the page has moved on (supabase-js's SIGNED_IN re-renders it
        // as signed in, which unmounts this before its answer arrives here).
        if (outcome.ok) return signedIn.current(outcome.session);
        if (stopped) return;
        // Expired: ask again. Cancelled: the button took over. Anything else is said.
        if (outcome.reason === 'cancelled') return;
        if (outcome.reason !== 'expired') return setRefusal(outcome);
      }
    })();
    return () => {
      stopped = true;
      WebAuthnAbortService.cancelCeremony();
    };
  }, []);

  async function onClick() {
    setBusy(true);
    setRefusal(null);
    const outcome = await attempt(false);
    setBusy(false);
    if (outcome.ok) return signedIn.current(outcome.session);
    setRefusal(outcome);
  }

  return (
    <div className={styles.stack}>
      <p className={own.or}>{t('signIn.or')}</p>
      <Button tone="secondary" block loading={busy} onClick={() => void onClick()}>
        {t('signIn.button')}
      </Button>
      {refusal ? <Alert tone={refusal.reason === 'cancelled' ? 'info' : 'critical'}>{t(`errors.${refusal.reason}`, { seconds: waitOrCooldown(refusal.waitSeconds) })}</Alert> : <Text tone="muted">{t('signIn.hint')}</Text>}
    </div>
  );
}
