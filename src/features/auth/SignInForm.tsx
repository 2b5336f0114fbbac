import { useTranslation } from 'react-i18next';
import { paths, withSearch } from '../../../core/routes/paths';
import type { Language } from '../../../core/routes/languages';
import { IntentLink as Link } from '../../platform/IntentLink';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { segmentedTrack } from '../../ui/Segmented.css';
import { Text } from '../../ui/Text';
import { PhoneField } from '../../ui/phone-input/PhoneField';
import * as styles from './SignInOtpPage.css';
import { lazy, Suspense } from 'react';
import { CaptchaStatus } from '../../platform/verification/CaptchaStatus';
import type { useSignInForm } from './use-sign-in-form';

/** Said only after a budget refused a send: not in the page's first render. */
const SendRefused = lazy(() => import('./SendRefused').then((module) => ({ default: module.SendRefused })));

/** The sign-in form: phone or email, the field, what went wrong, 'Send code', and the way to sign up. */
export function SignInForm({ form, lng }: { form: ReturnType<typeof useSignInForm>; lng: Language }) {
  const { t } = useTranslation('auth');
  const { method, choose, values, errors, formError, unknown, attach } = form;
  const signUpHref = withSearch(paths.home.build(lng), method === 'email' ? { email: values.email.trim() || undefined } : { phone_number: values.phone || undefined });
  // method="dialog", as the sign-up form's: served prerendered, the form is on screen before any
  // script, and a submit then must not send the number or email in the address.
  return (
    <form ref={attach} method="dialog" onSubmit={(event) => void form.onSubmit(event)} onFocus={form.preload} onPointerDown={form.preload} noValidate className={styles.stack}>
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
          autoComplete="tel webauthn"
          defaultValue={values.phone || undefined}
          onChange={(state) => form.type('phone', state.value)}
          onBlur={() => form.touch('phone')}
          error={errors.phone}
        />
      ) : (
        <TextField
          key="email"
          name="email"
          type="email"
          autoComplete="email webauthn"
          inputMode="email"
          label={t('signIn.emailLabel')}
          value={values.email}
          onChange={(event) => form.type('email', event.target.value)}
          onBlur={() => form.touch('email')}
          error={errors.email}
        />
      )}
      {formError ? <Alert tone="critical">{formError}</Alert> : null}
      {form.refused ? (
        <Suspense fallback={null}>
          <SendRefused refused={form.refused} method={method} />
        </Suspense>
      ) : null}
      <CaptchaStatus t={t} />
      {unknown ? (
        <Alert tone="critical">
          {t(unknown === 'phone' ? 'signIn.unknownPhone' : 'signIn.unknownEmail')} <Link href={signUpHref}>{t('signIn.signUp')}</Link>
        </Alert>
      ) : null}
      <Button type="submit" tone="primary" block loading={form.sending}>
        {t('signIn.send')}
      </Button>
      <Text tone="muted">
        {t('signIn.newHere')} <Link href={paths.home.build(lng)}>{t('signIn.startTrial')}</Link>
      </Text>
    </form>
  );
}
