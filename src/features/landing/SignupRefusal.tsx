import type { TFunction } from 'i18next';
import type { Language } from '../../../core/routes/languages';
import { paths, withSearch } from '../../../core/routes/paths';
import { IntentLink as Link } from '../../platform/IntentLink';
import { refusalMessage } from '../../platform/verification/send-refusal';
import { Alert } from '../../ui/Alert';
import type { SignupFailure } from '../../../machines/signup.machine';
import type { SignupValues } from '../../../machines/signup.actors';

/**
 * A sign-up's code send refused by a budget (core/auth-codes.ts): nothing was sent, when to try
 * again, and the other way in: the email form when the code was to go to a phone, the phone form
 * when it was to go to an email, and the sign-in page's other choices.
 */
export function SignupRefusal({ failure, submitted, lng, t }: { failure: Required<Pick<SignupFailure, 'refusal'>> & SignupFailure; submitted: SignupValues | null; lng: Language; t: TFunction }) {
  const byPhone = Boolean(submitted?.phone);
  const said = refusalMessage(t, failure.refusal, { channel: byPhone ? 'sms' : 'email', now: failure.at ?? 0, language: lng });
  const otherWay = byPhone ? withSearch(paths.emailForm.build(lng), { email: submitted?.email || undefined }) : withSearch(paths.home.build(lng), { email: submitted?.email || undefined });
  return (
    <Alert tone="critical">
      {said} {t(byPhone ? 'auth:refusals.otherWaySignUpSms' : 'auth:refusals.otherWaySignUpEmail')} <Link href={otherWay}>{t(byPhone ? 'auth:refusals.useEmail' : 'auth:refusals.usePhone')}</Link>
      {' · '}
      <Link href={paths.signInOtp.build(lng)}>{t('auth:refusals.waysIn')}</Link>
    </Alert>
  );
}
