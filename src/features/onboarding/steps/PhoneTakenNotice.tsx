import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths, withSearch } from '../../../../core/routes/paths';
import { useLanguage } from '../../../platform/use-language';
import { defaultCountryCode } from '../../../lib/countries';
import { formatPhone } from '../../../../core/phone/display';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { signOut } from '../../../platform/session/sign-out';

/**
 * verify-phone's "An account with this phone number already exists." with a way on: that number
 * has its own account, so the person signs in to it. This sign-up's session ends first (the sign-in
 * page would otherwise show who is signed in instead of its form), then the sign-in page opens with
 * the number filled in. A full page load, started only once the sign-out is done, so the funnel
 * does not send the page home in between.
 */
export function PhoneTakenNotice({ phone }: { phone: string }) {
  const { t } = useTranslation('onboarding');
  const lng = useLanguage();
  const [leaving, setLeaving] = useState(false);
  const href = withSearch(paths.signInOtp.build(lng), { phone });
  const signInThere = async () => {
    setLeaving(true);
    try {
      await signOut();
    } finally {
      window.location.assign(href);
    }
  };
  return (
    <Alert tone="critical">
      <span>{t('verifyPhone.taken', { phone: formatPhone(phone, defaultCountryCode()) })}</span>{' '}
      <Button tone="secondary" size="small" loading={leaving} onClick={() => void signInThere()}>
        {t('verifyPhone.signInThere')}
      </Button>
    </Alert>
  );
}
