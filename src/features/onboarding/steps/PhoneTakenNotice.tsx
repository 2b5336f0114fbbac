import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { appActor } from '../../../platform/app-actor';
import { defaultCountryCode } from '../../../lib/countries';
import { formatPhone } from '../../../../core/phone/display';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';

/**
 * verify-phone's "An account with this phone number already exists." with a way on: that number
 * has its own account, so the person signs in to it. The app chart does the move
 * (machines/app.machine.ts, `signIn.instead`): this sign-up's session ends first (the sign-in page
 * would otherwise show who is signed in instead of its form), then the sign-in page opens with the
 * number filled in; the button is busy until then.
 */
export function PhoneTakenNotice({ phone }: { phone: string }) {
  const { t } = useTranslation('onboarding');
  const leaving = useSelector(appActor(), (snapshot) => snapshot.matches({ page: 'signingOut' }));
  return (
    <Alert tone="critical">
      <span>{t('verifyPhone.taken', { phone: formatPhone(phone, defaultCountryCode()) })}</span>{' '}
      <Button tone="secondary" size="small" loading={leaving} onClick={() => appActor().send({ type: 'signIn.instead', phone })}>
        {t('verifyPhone.signInThere')}
      </Button>
    </Alert>
  );
}
