import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { appActor } from '../../../platform/app-actor';
import { preloadRoute } from '../../../platform/page-preload';
import { useLanguage } from '../../../platform/use-language';
import { paths } from '../../../../core/routes/paths';
import { defaultCountryCode } from '../../../lib/countries';
import { formatPhone } from '../../../../core/phone/display';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';

/**
 * verify-phone's "An account with this phone number already exists." with a way on: that number
 * has its own account, so the person signs in to it. The app chart does the move
 * (machines/app.machine.ts, `signIn.instead`): this sign-up's session ends first (the sign-in page
 * would otherwise show who is signed in instead of its form), then the sign-in page opens with the
 * number filled in; the button is busy until then. The sign-in page's code is fetched as the notice
 * shows (its one way on), so the step gives way straight to the form, with no loading view between.
 */
export function PhoneTakenNotice({ phone }: { phone: string }) {
  const { t } = useTranslation('onboarding');
  const lng = useLanguage();
  const leaving = useSelector(appActor(), (snapshot) => snapshot.matches({ page: 'signingOut' }));
  useEffect(() => preloadRoute(paths.signInOtp.build(lng)), [lng]);
  return (
    <Alert tone="critical">
      <span>{t('verifyPhone.taken', { phone: formatPhone(phone, defaultCountryCode()) })}</span>{' '}
      <Button tone="secondary" size="small" loading={leaving} onClick={() => appActor().send({ type: 'signIn.instead', phone })}>
        {t('verifyPhone.signInThere')}
      </Button>
    </Alert>
  );
}
