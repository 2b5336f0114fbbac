import { useTranslation } from 'react-i18next';
import { CodeEntry } from '../../../app/verification/CodeEntry';
import { getSupabase } from '../../../app/session/supabase';
import { toAuthErrorCode } from '../../../app/verification/otp';
import { defaultCountryCode } from '../../../lib/countries';
import { formatPhone } from '../../../../core/phone/display';
import { Button } from '../../../ui/Button';
import { Text } from '../../../ui/Text';
import type { StepProps } from '../step-props';

/**
 * verify-phone's second half: the code texted to the number, proving a phone change of the
 * signed-in account (GoTrue phone_change, resent the same way), and the way back to the number.
 */
export function PhoneCodeStep({ phone, send }: { phone: string; send: StepProps['send'] }) {
  const { t } = useTranslation('onboarding');
  return (
    <>
      <Text>{t('verifyPhone.codeIntro', { phone: formatPhone(phone, defaultCountryCode()) })}</Text>
      <CodeEntry
        recipient={phone}
        channel="sms"
        purpose="change"
        onVerified={() => send({ type: 'phone.verified' })}
        onResend={async () => {
          const { error: resendError } = await getSupabase().auth.resend({ type: 'phone_change', phone });
          return resendError ? toAuthErrorCode(resendError) : { ok: true };
        }}
      />
      <Button tone="ghost" onClick={() => send({ type: 'phone.edit' })}>
        {t('verifyPhone.changeNumber')}
      </Button>
    </>
  );
}
