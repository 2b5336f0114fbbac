import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEntry } from '../../../platform/verification/CodeEntry';
import { prepareCaptcha } from '../../../platform/verification/captcha.lazy';
import { resendPhoneChange } from '../../../platform/verification/otp';
import { RESEND_COOLDOWN_MS, type SendRefusal } from '../../../../core/auth-codes';
import { defaultCountryCode } from '../../../lib/countries';
import { formatPhone } from '../../../../core/phone/display';
import { Button } from '../../../ui/Button';
import { Text } from '../../../ui/Text';
import type { StepProps } from '../step-props';

/**
 * verify-phone's second half: the code texted to the number, proving a phone change of the
 * signed-in account (GoTrue phone_change, resent the same way), and the way back to the number.
 */
export function PhoneCodeStep({ phone, send, refusal }: { phone: string; send: StepProps['send']; refusal: (SendRefusal & { at: number }) | null }) {
  const { t } = useTranslation('onboarding');
  // A resend (/resend) needs a captcha token: its work starts while the person waits for the text.
  useEffect(() => prepareCaptcha(), []);
  // Refused as the 60 s wait: the code sent before is the one to enter, its countdown where it is.
  const sentBefore = refusal?.kind === 'cooldown' && refusal.waitSeconds !== undefined;
  return (
    <>
      <Text>{t('verifyPhone.codeIntro', { phone: formatPhone(phone, defaultCountryCode()) })}</Text>
      <CodeEntry
        recipient={phone}
        channel="sms"
        purpose="change"
        sentAt={sentBefore ? refusal.at - RESEND_COOLDOWN_MS + (refusal.waitSeconds ?? 0) * 1000 : undefined}
        sentBefore={sentBefore}
        onVerified={() => send({ type: 'phone.verified' })}
        onResend={() => resendPhoneChange(phone)}
      />
      <Button tone="ghost" onClick={() => send({ type: 'phone.edit' })}>
        {t('verifyPhone.changeNumber')}
      </Button>
    </>
  );
}
