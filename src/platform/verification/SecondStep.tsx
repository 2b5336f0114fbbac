import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IntentLink as Link } from '../IntentLink';
import { paths } from '../../../core/routes/paths';
import { useLanguage } from '../use-language';
import { Button } from '../../ui/Button';
import { Heading, Text } from '../../ui/Text';
import { toast } from '../../ui/toast';
import { challenge, factorView, verify, type FactorView, type MfaFailure } from './mfa';
import { MfaCodeForm, useMfaErrorText } from './MfaCodeForm';
import * as styles from './Mfa.css';
import { useSession } from '../session/session';
import { ShieldIcon } from './ShieldIcon';
import { RESEND_COOLDOWN_SECONDS, resendCooldownLeft } from '../../../core/auth-codes';
import { useCountdown } from '../../lib/use-countdown';
import { signOut } from '../session/sign-out';
import type { Factor } from '@supabase/supabase-js';

/** Where a texted challenge is kept, so a reload does not text another code (60 s apart at most). */
const STORED_CHALLENGE = 'ringwise.mfa.challenge';

interface LiveChallenge {
  factorId: string;
  id: string;
  expiresAt: number;
  sentAt: number;
}

function storedChallenge(factorId: string, now: number): LiveChallenge | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(STORED_CHALLENGE) ?? 'null') as LiveChallenge | null;
    return value && value.factorId === factorId && value.expiresAt > now ? value : null;
  } catch {
    return null;
  }
}

function storeChallenge(value: LiveChallenge | null): void {
  try {
    if (value) window.sessionStorage.setItem(STORED_CHALLENGE, JSON.stringify(value));
    else window.sessionStorage.removeItem(STORED_CHALLENGE);
  } catch {
    // Private mode without storage: a reload texts a new code, nothing worse.
  }
}

/** "ending in 78": enough to recognise one's phone, not enough to learn someone's number. */
const lastDigits = (phone: string | null) => (phone ?? '').replace(/\D/g, '').slice(-2);

export interface SecondStepProps {
  /** Called once the session is aal2 (supabase-js has reported MFA_CHALLENGE_VERIFIED). */
  onVerified(): void;
}

/**
 * The second step of signing in (SPEC: aal1 → aal2 with a verified factor): the authenticator
 * app's code, or a code texted to the phone factor. The app comes first when both exist (it needs
 * no network to reach the phone); the other is one button away. "Sign in with another account"
 * signs out.
 */
export function SecondStep({ onVerified }: SecondStepProps) {
  const { t } = useTranslation('auth');
  const lng = useLanguage();
  const { session } = useSession();
  const factors = ((session?.user.factors ?? []) as Factor[])
    .map(factorView)
    .filter((factor): factor is FactorView => factor !== null && factor.verified)
    .sort((a, b) => (a.type === b.type ? 0 : a.type === 'totp' ? -1 : 1));
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const factor = factors.find((candidate) => candidate.id === chosenId) ?? factors[0] ?? null;
  const other = factors.find((candidate) => candidate.type !== factor?.type) ?? null;

  async function leave() {
    setSigningOut(true);
    storeChallenge(null);
    await signOut();
    setSigningOut(false);
  }

  if (!factor) return null;
  return (
    <div className={styles.stack} role="region" aria-labelledby="second-step-heading">
      <div className={styles.head}>
        <span className={styles.badge}>
          <ShieldIcon />
        </span>
        <Heading id="second-step-heading">{t('mfa.title')}</Heading>
        <Text tone="muted">{t('mfa.subtitle')}</Text>
      </div>
      <FactorStep key={factor.id} factor={factor} onVerified={onVerified}>
        {other ? (
          <Button tone="ghost" block onClick={() => setChosenId(other.id)}>
            {other.type === 'totp' ? t('mfa.useTotp') : t('mfa.useSms', { last: lastDigits(other.phone) })}
          </Button>
        ) : null}
      </FactorStep>
      <Button tone="ghost" block loading={signingOut} onClick={() => void leave()}>
        {t('mfa.signOut')}
      </Button>
      <Text tone="muted" size="small">
        {t('mfa.lost')} <Link href={paths.contact.build(lng)}>{t('mfa.contact')}</Link>
      </Text>
    </div>
  );
}

const now = () => Date.now();


/**
 * One factor's code. An app's code needs no text: its challenge is made when the code is given. A
 * phone's code is texted as the step shows (or the one texted before a reload is kept).
 */
function FactorStep({ factor, onVerified, children }: { factor: FactorView; onVerified(): void; children: ReactNode }) {
  const { t } = useTranslation('auth');
  const describe = useMfaErrorText();
  const [kept] = useState(() => (factor.type === 'phone' ? storedChallenge(factor.id, now()) : null));
  const [live, setLive] = useState<LiveChallenge | null>(kept);
  const [sending, setSending] = useState(factor.type === 'phone' && !kept);
  const [sendError, setSendError] = useState<string | null>(null);
  const { secondsLeft: cooldown, restart: setCooldown } = useCountdown(() => (kept ? resendCooldownLeft(kept.sentAt, now()) : 0));

  const newChallenge = (): Promise<MfaFailure | LiveChallenge> =>
    challenge(factor.id).then((result) => {
      if (!result.ok) return result;
      const made = { factorId: factor.id, id: result.challengeId, expiresAt: result.expiresAt, sentAt: now() };
      setLive(made);
      if (factor.type === 'phone') storeChallenge(made);
      return made;
    });

  const texted = (result: MfaFailure | LiveChallenge, announce: boolean) => {
    setSending(false);
    if ('ok' in result) {
      setSendError(describe(result));
      if (result.retryAfterSeconds) setCooldown(result.retryAfterSeconds);
      return;
    }
    setSendError(null);
    setCooldown(RESEND_COOLDOWN_SECONDS);
    if (announce) toast.success(t('mfa.resent'));
  };

  useEffect(() => {
    if (factor.type !== 'phone' || kept) return;
    void newChallenge().then((result) => texted(result, false));
    // Once, as the phone's step shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const resend = () => {
    setSending(true);
    void newChallenge().then((result) => texted(result, true));
  };

  async function onCode(code: string): Promise<MfaFailure | null> {
    let current = live && live.expiresAt > now() ? live : null;
    if (!current) {
      if (factor.type === 'phone') return { ok: false, code: 'expired' };
      const made = await newChallenge();
      if ('ok' in made) return made;
      current = made;
    }
    let result = await verify(factor.id, current.id, code);
    if (!result.ok && result.code === 'expired' && factor.type === 'totp') {
      // The challenge's tries or minutes ran out, not the code: ask again with a fresh one.
      const made = await newChallenge();
      if ('ok' in made) return made;
      result = await verify(factor.id, made.id, code);
    }
    if (!result.ok) return result;
    storeChallenge(null);
    onVerified();
    return null;
  }

  const last = lastDigits(factor.phone);
  return (
    <>
      <Text className={styles.recipient}>
        {factor.type === 'totp' ? t('mfa.totpPrompt') : sending && !live ? t('mfa.smsSending', { last }) : t('mfa.smsPrompt', { last })}
      </Text>
      <MfaCodeForm onCode={onCode} error={sendError}>
        {factor.type === 'phone' ? (
          <Button tone="secondary" block onClick={resend} disabled={cooldown > 0} loading={sending} aria-live="polite">
            {cooldown > 0 ? t('mfa.resendIn', { seconds: cooldown }) : t('mfa.resend')}
          </Button>
        ) : null}
        {children}
      </MfaCodeForm>
    </>
  );
}
