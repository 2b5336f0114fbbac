import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { IntentLink as Link } from '../../app/IntentLink';
import { paths } from '../../app/paths';
import { useLanguage } from '../../app/use-language';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { Heading, Text } from '../../ui/Text';
import { PhoneField } from '../phone-input/PhoneField';
import { phoneStateFromValue } from '../phone-input/phone-format';
import { defaultCountryCode } from '../../lib/countries';
import { CodeEntry } from './CodeEntry';
import { sendCode, type Recipient } from './otp';
import { arrivedFromAuthLink, authUrlError, loadSupabase, useSession } from './session';
import * as styles from './SignInOtpPage.css';

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
  const [, navigate] = useLocation();
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
  const [sentTo, setSentTo] = useState<Recipient | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const { status, session } = useSession();

  // Back from an emailed sign-in link: once supabase-js has the session, carry on.
  const [cameWithCode] = useState(() => arrivedFromAuthLink());
  useEffect(() => {
    if (cameWithCode && status === 'signedIn') navigate(paths.onboarding.build(lng), { replace: true });
  }, [cameWithCode, status, navigate, lng]);

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

  const send = (target: Recipient) => sendCode(target, { language: lng });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const target = recipient();
    if (!target) return;
    setSending(true);
    const result = await send(target);
    setSending(false);
    if (result.ok) {
      setSentTo(target);
      return;
    }
    const message = t(`errors.${result.code}`, { seconds: result.retryAfterSeconds ?? 60 });
    if (result.code === 'invalid_phone' || result.code === 'invalid_email') setFieldError(message);
    else setFormError(message);
  }

  async function signOut() {
    setSigningOut(true);
    // Sign-out ignores 401/403/404 (SPEC §8): supabase-js clears the cookie either way.
    await (await loadSupabase()).auth.signOut();
    setSigningOut(false);
  }

  function choose(next: Method) {
    setMethod(next);
    setFieldError(null);
    setFormError(null);
  }

  return (
    <Page width="narrow">
      <Card>
        <div className={styles.stack}>
          <Heading>{sentTo ? t('code.title') : t('signIn.title')}</Heading>
          {linkError ? (
            <Alert tone="critical">
              <strong>{t('urlErrors.title')}</strong> {linkError}
            </Alert>
          ) : null}
          {!sentTo && status === 'signedIn' && session ? (
            <>
              <Text>{t('signIn.signedInAs', { who: session.user.email || (session.user.phone ? `+${session.user.phone}` : t('signIn.guest')) })}</Text>
              <Link href={paths.onboarding.build(lng)}>{t('signIn.continue')}</Link>
              <Button tone="secondary" block loading={signingOut} onClick={() => void signOut()}>
                {t('signIn.signOut')}
              </Button>
            </>
          ) : sentTo ? (
            <>
              <CodeEntry
                recipient={'phone' in sentTo ? sentTo.phone : sentTo.email}
                channel={'phone' in sentTo ? 'sms' : 'email'}
                onVerified={() => navigate(paths.onboarding.build(lng))}
                onResend={() => send(sentTo)}
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
                <Button tone={method === 'phone' ? 'primary' : 'secondary'} aria-pressed={method === 'phone'} onClick={() => choose('phone')}>
                  {t('signIn.byPhone')}
                </Button>
                <Button tone={method === 'email' ? 'primary' : 'secondary'} aria-pressed={method === 'email'} onClick={() => choose('email')}>
                  {t('signIn.byEmail')}
                </Button>
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
              <Button type="submit" tone="primary" block loading={sending}>
                {t('signIn.send')}
              </Button>
              <Text>
                <Link href={paths.home.build(lng)}>{t('signIn.noAccount')}</Link>
              </Text>
            </form>
          )}
        </div>
      </Card>
    </Page>
  );
}
