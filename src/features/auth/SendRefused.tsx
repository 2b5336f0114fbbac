import { useTranslation } from 'react-i18next';
import type { SendRefusal } from '../../../core/auth-codes';
import { refusalMessage } from '../../platform/verification/send-refusal';
import { Alert } from '../../ui/Alert';
import type { SignInMethod } from './sign-in-recipient';

/**
 * The sign-in form's refused send (a budget: core/auth-codes.ts): nothing was sent, when to try
 * again, and the other ways in, which are on this page (the other method, another number).
 */
export function SendRefused({ refused, method }: { refused: { refusal: SendRefusal; at: number }; method: SignInMethod }) {
  const { t, i18n } = useTranslation('auth');
  const said = refusalMessage(t, refused.refusal, { channel: method === 'phone' ? 'sms' : 'email', now: refused.at, language: i18n.language });
  return (
    <Alert tone="critical">
      {said} {t(method === 'phone' ? 'refusals.otherWaySignInSms' : 'refusals.otherWaySignInEmail')}
    </Alert>
  );
}
