import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { IntentLink as Link } from '../../app/IntentLink';
import { paths, withSearch } from '../../../core/routes/paths';
import { useLanguage } from '../../app/use-language';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { segmentedTrack } from '../../ui/Segmented.css';
import { Page } from '../../ui/Page';
import { Heading, Text } from '../../ui/Text';
import { PhoneField } from '../phone-input/PhoneField';
import { loadPhoneFormat, phoneFormat, phoneStateFromValue } from '../phone-input/phone-format.lazy';
import { defaultCountryCode } from '../../lib/countries';
import { CodeEntry, loadCodeEntry } from './CodeEntry.lazy';
import { hasVerifiedFactor, type AuthSession } from '../../../machines/session.machine';
import { loadSecondStep, SecondStep } from './SecondStep.lazy';
import { RESEND_COOLDOWN_SECONDS } from '../../../core/auth-codes';
import { isSendCooldown, sendCode, type Recipient } from './otp';
import { arrivedFromAuthLink, authUrlError, useSession } from './session';
import { useSignedInName } from './signed-in-name';
import { signOut } from './sign-out';
import * as styles from './SignInOtpPage.css';
import { appActor } from '../../app/address/app-actor';

/** The email card with its 'Send a new code', for a signed-in person whose confirmation link failed: rare, so loaded then. */
const EmailToConfirm = lazy(() => import('../account/EmailToConfirm').then((module) => ({ default: module.EmailToConfirm })));

type Method = 'phone' | 'email';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC §8's auth-address errors, by the message supabase-js gives them. */
const urlErrorKeys: Record<string, string> = {
  'No browser detected.': 'noBrowser',
  'Not a valid PKCE flow url.': 'notPkce',
  'No code detected.': 'noCode',
  'No session defined in URL': 'noSession',
  'JWKS is empty': 'jwksEmpty',
  'No matching signing key found in JWKS': 'noSigningKey',
  'Invalid JWT signature': 'badSignature',
};

/**
 * /{lng}/sign-in-otp (search params phone, email): enter a phone number or email, receive a
 * 6-digit code, enter it; success goes to onboarding.
 */
export default function SignInOtpPage() {
  const { t } = useTranslation('auth');
  const lng = useLanguage();
  const search = new URLSearchParams(useSearch());
  const initialEmail = search.get('email') ?? '';
  const initialPhone = search.get('phone') ?? '';
  const [method, setMethod] = useState<Method>(initialEmail && !initialPhone ? 'email' : 'phone');
  const [phone, setPhone] = useState<{ value: string; valid: boolean }>(() => {
    const state = phoneStateFromValue(initialPhone || undefined, defaultCountryCode());
    return { value: state.value, valid: state.valid };
  });
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<{ recipient: Recipient; sentAt: number } | null>(null);
  // No account signs in with what was typed: said with the way to sign up (never an empty account).
  const [unknown, setUnknown] = useState<Method | null>(null);
  const [emailConfirmed] = useState(() => search.get('email_confirmed') === '1');
  const [emailConfirmError] = useState(() => search.get('email_error'));
  const [linkError, setLinkError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const { status, session, secondStepDue } = useSession();
  const signedInName = useSignedInName(session?.user);
  // The code was right and the account has a second factor: its step shows (before the chart has
  // the session, and while it is due).
  const [secondStepAsked, setSecondStepAsked] = useState(false);
  const secondStep = secondStepDue || (secondStepAsked && status !== 'signedOut');
  // While the next page's code is still loading, React keeps this page hidden with its state: signed
  // out and back here before it came, the visitor gets the form again, not the used code's entry.
  const [completed, setCompleted] = useState(false);
  if (completed && status === 'signedOut') {
    setCompleted(false);
    setSentTo(null);
    setSecondStepAsked(false);
  }

  // Back from an emailed sign-in link: once supabase-js has the session, carry on.
  const [cameWithCode] = useState(() => arrivedFromAuthLink());
  useEffect(() => {
    if (cameWithCode && status === 'signedIn' && !secondStepDue) appActor().send({ type: 'signIn.completed', resumed: true });
  }, [cameWithCode, status, secondStepDue]);

  useEffect(() => {
    if (secondStepDue) void loadSecondStep().catch(() => undefined);
  }, [secondStepDue]);

  useEffect(() => {
    let active = true;
    void authUrlError().then((error) => {
      if (!active || !error) return;
      const key = urlErrorKeys[error.message] ?? (error.code === 'otp_expired' ? 'otp_expired' : 'other');
      setLinkError(t(`urlErrors.${key}`));
    });
    return () => {
      active = false;
    };
  }, [t]);

  function recipient(): Recipient | null {
    if (method === 'phone') {
      if (!phone.value) return setFieldError(t('errors.required')), null;
      if (!phone.valid) return setFieldError(t('errors.invalid_phone')), null;
      return { phone: phone.value };
    }
    const value = email.trim();
    if (!value) return setFieldError(t('errors.required')), null;
    if (!EMAIL.test(value)) return setFieldError(t('errors.invalid_email')), null;
    return { email: value.toLowerCase() };
  }

  // Sign-in never creates an account (decision 103): an unknown phone or unproven email is refused.
  const send = (target: Recipient) => sendCode(target, { language: lng, createUser: false });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (method === 'phone' && !phoneFormat()) {
      // Submitted before the phone formatter arrived: submit again once it has (the phone field
      // reports its formatted, validated number first).
      const form = event.currentTarget;
      await loadPhoneFormat().catch(() => undefined);
      if (phoneFormat() && form.isConnected) form.requestSubmit();
      return;
    }
    void loadCodeEntry().catch(() => undefined);
    setFormError(null);
    setUnknown(null);
    const target = recipient();
    if (!target) return;
    setSending(true);
    const result = await send(target);
    setSending(false);
    if (result.ok) {
      setSentTo({ recipient: target, sentAt: Date.now() });
      return;
    }
    if (result.code === 'otp_disabled') {
      setUnknown('phone' in target ? 'phone' : 'email');
      return;
    }
    // A code left for this address less than a minute ago (the sign-up's, a reload): it is on its
    // way and valid, so the code entry shows, with the countdown where it is.
    if (isSendCooldown(result.code) && result.retryAfterSeconds) {
      setSentTo({ recipient: target, sentAt: Date.now() - (RESEND_COOLDOWN_SECONDS - result.retryAfterSeconds) * 1000 });
      return;
    }
    const message = t(`errors.${result.code}`, { seconds: result.retryAfterSeconds ?? 60 });
    if (result.code === 'invalid_phone' || result.code === 'invalid_email') setFieldError(message);
    else setFormError(message);
  }

  async function onSignOut() {
    setSigningOut(true);
    await signOut();
    setSigningOut(false);
  }

  function completeSignIn(resumed: boolean) {
    appActor().send({ type: 'signIn.completed', resumed });
    setCompleted(true);
  }

  function choose(next: Method) {
    setMethod(next);
    setFieldError(null);
    setFormError(null);
    setUnknown(null);
  }

  const signUpHref = withSearch(paths.home.build(lng), method === 'email' ? { email: email.trim() || undefined } : { phone_number: phone.value || undefined });

  return (
    <Page width="narrow">
      <Card>
        <div className={styles.stack}>
          {secondStep ? null : <Heading>{sentTo ? t('code.title') : t('signIn.title')}</Heading>}
          {linkError ? (
            <Alert tone="critical">
              <strong>{t('urlErrors.title')}</strong> {linkError}
            </Alert>
          ) : null}
          {emailConfirmed ? <Alert tone="info">{t('signIn.emailConfirmed')}</Alert> : null}
          {emailConfirmError && status === 'signedIn' && session && !session.user.is_anonymous ? (
            // Signed in already: no need to sign in again for a new link, the code is sent from here (#26.5).
            <>
              <Alert tone="critical">{t('signIn.emailConfirmFailedSignedIn')}</Alert>
              <Suspense fallback={null}>
                <EmailToConfirm lng={lng} folded={false} />
              </Suspense>
            </>
          ) : emailConfirmError ? (
            <Alert tone="critical">{t('signIn.emailConfirmFailed')}</Alert>
          ) : null}
          {secondStep ? (
            <SecondStep onVerified={() => completeSignIn(cameWithCode)} />
          ) : !sentTo && status === 'signedIn' && session && !session.user.is_anonymous ? (
            <>
              <Text>{t('signIn.signedInAs', { who: signedInName })}</Text>
              <Link href={paths.onboarding.build(lng)}>{t('signIn.continue')}</Link>
              <Button tone="secondary" block loading={signingOut} onClick={() => void onSignOut()}>
                {t('signIn.signOut')}
              </Button>
            </>
          ) : sentTo ? (
            <>
              <CodeEntry
                recipient={'phone' in sentTo.recipient ? sentTo.recipient.phone : sentTo.recipient.email}
                channel={'phone' in sentTo.recipient ? 'sms' : 'email'}
                sentAt={sentTo.sentAt}
                onVerified={(verified) => {
                  if (!hasVerifiedFactor(verified as AuthSession)) return completeSignIn(false);
                  void loadSecondStep().catch(() => undefined);
                  setSecondStepAsked(true);
                }}
                onResend={() => send(sentTo.recipient)}
              />
              <Button tone="ghost" block onClick={() => setSentTo(null)}>
                {t('signIn.changeRecipient')}
              </Button>
            </>
          ) : (
            <form onSubmit={(event) => void onSubmit(event)} noValidate className={styles.stack}>
              <Text tone="muted">{t('signIn.subtitle')}</Text>
              <fieldset className={styles.methods}>
                <legend className={styles.legend}>{t('signIn.method')}</legend>
                <div className={segmentedTrack}>
                  <button type="button" className={styles.method({ chosen: method === 'phone' })} aria-pressed={method === 'phone'} onClick={() => choose('phone')}>
                    {t('signIn.byPhone')}
                  </button>
                  <button type="button" className={styles.method({ chosen: method === 'email' })} aria-pressed={method === 'email'} onClick={() => choose('email')}>
                    {t('signIn.byEmail')}
                  </button>
                </div>
              </fieldset>
              {method === 'phone' ? (
                <PhoneField
                  key="phone"
                  name="phone"
                  label={t('signIn.phoneLabel')}
                  defaultValue={phone.value || undefined}
                  onChange={(state) => {
                    setPhone({ value: state.value, valid: state.valid });
                    setFieldError(null);
                  }}
                  error={fieldError}
                />
              ) : (
                <TextField
                  key="email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  label={t('signIn.emailLabel')}
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    setFieldError(null);
                  }}
                  error={fieldError}
                />
              )}
              {formError ? <Alert tone="critical">{formError}</Alert> : null}
              {unknown ? (
                <Alert tone="critical">
                  {t(unknown === 'phone' ? 'signIn.unknownPhone' : 'signIn.unknownEmail')} <Link href={signUpHref}>{t('signIn.signUp')}</Link>
                </Alert>
              ) : null}
              <Button type="submit" tone="primary" block loading={sending}>
                {t('signIn.send')}
              </Button>
              <Text tone="muted">
                {t('signIn.newHere')} <Link href={paths.home.build(lng)}>{t('signIn.startTrial')}</Link>
              </Text>
            </form>
          )}
        </div>
      </Card>
    </Page>
  );
}
