import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneField } from '../../../ui/phone-input/PhoneField';
import { loadPhoneFormat, phoneFormat } from '../../../ui/phone-input/phone-format.lazy';
import { submitAgainOnceLoaded } from '../../../lib/form/form';
import { defaultCountryCode } from '../../../lib/countries';
import { formatPhone } from '../../../../core/phone/display';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Heading, Text } from '../../../ui/Text';
import * as styles from '../Onboarding.css';
import { errorKey, type StepProps } from '../step-props';
import { PhoneCodeStep } from './PhoneCodeStep';
import { PhoneTakenNotice } from './PhoneTakenNotice';
import { PhoneSendRefused } from './PhoneSendRefused';
import { EmailClaimNotice } from '../../../platform/verification/EmailClaimNotice';

/**
 * verify-phone: the number (prefilled from sign-up), then the 6-digit code texted to it (engineer A's
 * CodeEntry: paste, autofill, resend with cooldown, wrong/expired messages). The code proves a
 * phone change of the signed-in account (GoTrue phone_change), so the session stays the same.
 */
export function VerifyPhoneStep({ snapshot, send }: StepProps) {
  const { t } = useTranslation('onboarding');
  const profile = snapshot.context.user?.profile;
  const [phone, setPhone] = useState<{ value: string; valid: boolean }>({ value: profile?.phone ?? '', valid: Boolean(profile?.phone) });
  const [submitted, setSubmitted] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const error = snapshot.context.error;
  const refusal = snapshot.context.sendRefusal;
  const sub = snapshot.matches({ verifyPhone: 'enteringNumber' })
    ? 'number'
    : snapshot.matches({ verifyPhone: 'sendingCode' })
      ? 'sending'
      : 'code';

  async function submitNumber(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Sent before the phone formatter arrived (a slow connection): the number as typed is not judged
    // (it was refused as invalid, and nothing sent); sent again once the formatter has come.
    if (!phoneFormat()) return submitAgainOnceLoaded(event.currentTarget, loadPhoneFormat);
    setSubmitted(true);
    if (!phone.valid) return;
    setSentTo(phone.value);
    send({ type: 'phone.submitted', phone: phone.value });
  }

  const email = snapshot.context.email ?? profile?.email;
  const fieldError = submitted && !phone.valid ? t(phone.value ? 'errors.invalidPhone' : 'errors.required') : null;

  return (
    <div className={styles.stack}>
      <Heading>{t('verifyPhone.title')}</Heading>
      {email ? <Text tone="muted">{t('verifyPhone.emailNote', { email })}</Text> : null}
      <EmailClaimNotice />
      {error === 'PHONE_ALREADY_EXISTS' && sentTo ? (
        <PhoneTakenNotice phone={sentTo} />
      ) : refusal?.kind === 'limit' ? (
        <PhoneSendRefused refusal={refusal} />
      ) : error ? (
        <Alert tone="critical">{t(errorKey(error))}</Alert>
      ) : null}
      {profile?.phone_verified && sub === 'number' ? (
        <>
          <Text>{t('verifyPhone.verified', { phone: formatPhone(profile.phone, defaultCountryCode()) })}</Text>
          <div className={styles.actions}>
            <span />
            <Button tone="primary" onClick={() => send({ type: 'phone.verified' })}>
              {t('actions.continue')}
            </Button>
          </div>
        </>
      ) : sub === 'code' && (sentTo ?? profile?.phone) ? (
        <PhoneCodeStep phone={(sentTo ?? profile?.phone)!} send={send} refusal={refusal} />
      ) : (
        <form className={styles.fields} onSubmit={submitNumber} noValidate>
          <Text>{t('verifyPhone.intro')}</Text>
          <PhoneField
            label={t('verifyPhone.phoneLabel')}
            name="phone"
            defaultValue={profile?.phone ?? undefined}
            onChange={(state) => setPhone({ value: state.value, valid: state.valid })}
            error={fieldError}
          />
          <div className={styles.actions}>
            <span />
            <Button type="submit" tone="primary" loading={sub === 'sending'}>
              {t('verifyPhone.send')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
