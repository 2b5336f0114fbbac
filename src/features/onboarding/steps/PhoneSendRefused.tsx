import { useTranslation } from 'react-i18next';
import type { SendRefusal } from '../../../../core/auth-codes';
import { refusalMessage } from '../../../platform/verification/send-refusal';
import { Alert } from '../../../ui/Alert';

/**
 * verify-phone's code send refused by a budget (core/auth-codes.ts): nothing was sent to this
 * number, when to try again, and the other way on (another number).
 */
export function PhoneSendRefused({ refusal }: { refusal: SendRefusal & { at: number } }) {
  const { t, i18n } = useTranslation('auth');
  return (
    <Alert tone="critical">
      {refusalMessage(t, refusal, { channel: 'sms', now: refusal.at, language: i18n.language })} {t('refusals.otherWayPhone')}
    </Alert>
  );
}
