import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../core/routes/languages';
import { Alert } from '../../ui/Alert';
import { authUrlError } from '../../platform/session/session';
import { firstRender } from '../../lib/first-render';

/** The email card with its 'Send a new code', for a signed-in person whose confirmation link failed: rare, so loaded then. */
const EmailToConfirm = lazy(() => import('../../platform/verification/EmailToConfirm').then((module) => ({ default: module.EmailToConfirm })));

/** A provider trip's error (#35): rare, so loaded then. */
const SocialCallbackError = lazy(() => import('../../platform/social/SocialCallbackError').then((module) => ({ default: module.SocialCallbackError })));

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

interface SignInNoticesProps {
  search: URLSearchParams;
  /** Signed in with a real (not anonymous) account. */
  signedIn: boolean;
  lng: Language;
}

/**
 * What the sign-in page says about how the visitor arrived: an emailed link that failed, an email
 * just confirmed (?email_confirmed=1), or a confirmation link that failed (?email_error).
 */
export function SignInNotices({ search, signedIn, lng }: SignInNoticesProps) {
  const { t } = useTranslation('auth');
  const [emailConfirmed] = useState(() => search.get('email_confirmed') === '1');
  const [emailConfirmError] = useState(() => search.get('email_error'));
  const [linkError, setLinkError] = useState<string | null>(null);
  // Back from Google, Microsoft, Apple or an OpenID Connect provider (#35): its errors are said
  // apart, naming it (read after the first paint: no byte of it on the page's first render).
  const [socialError, setSocialError] = useState<{ error: { message: string; code: string | null }; provider: string } | null>(null);

  useEffect(() => {
    let active = true;
    const providerUnderWay = firstRender()
      .then(() => import('../../platform/social/provider-start'))
      .then((module) => module.takeProviderUnderWay())
      .catch(() => null);
    void Promise.all([authUrlError(), providerUnderWay]).then(([error, provider]) => {
      if (!active || !error) return;
      if (provider) return setSocialError({ error, provider });
      const key = urlErrorKeys[error.message] ?? (error.code === 'otp_expired' ? 'otp_expired' : 'other');
      setLinkError(t(`urlErrors.${key}`));
    });
    return () => {
      active = false;
    };
  }, [t]);

  return (
    <>
      {socialError ? (
        <Suspense fallback={null}>
          <SocialCallbackError error={socialError.error} provider={socialError.provider} />
        </Suspense>
      ) : null}
      {linkError ? (
        <Alert tone="critical">
          <strong>{t('urlErrors.title')}</strong> {linkError}
        </Alert>
      ) : null}
      {emailConfirmed ? <Alert tone="info">{t('signIn.emailConfirmed')}</Alert> : null}
      {emailConfirmError && signedIn ? (
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
    </>
  );
}
