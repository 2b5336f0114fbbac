import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { IntentLink as Link } from '../../platform/IntentLink';
import { paths } from '../../../core/routes/paths';
import { useLanguage } from '../../platform/use-language';
import { parseEmailFormSearch } from '../../../core/contracts/signup';
import { Card } from '../../ui/Card';
import { usePersonSignedIn } from '../../platform/session/presence';
import { Heading, Text } from '../../ui/Text';
import { Facts, LandingLayout } from './LandingLayout';
import { SignupForm } from './SignupForm';
import { SocialSignIn } from '../../platform/social/SocialSignIn.lazy';

/** /{lng}/email-form: 'Start your 7-day free trial' with the email only; the code goes by email. */
export default function EmailFormPage() {
  const { t } = useTranslation('landing');
  const lng = useLanguage();
  const search = useSearch();
  const personSignedIn = usePersonSignedIn();
  const prefill = parseEmailFormSearch(search);
  return (
    <LandingLayout width="narrow">
      <Heading>{t('emailForm.title')}</Heading>
      <Text tone="muted">{t('emailForm.subtitle')}</Text>
      <Card>
        <SignupForm variant="email" landingPage="email-form" lng={lng} prefill={prefill} title={t('start.formTitle')} submitLabel={t('fields.submitEmail')} />
        {personSignedIn ? null : <SocialSignIn lng={lng} landingPage="email-form" />}
      </Card>
      {/* Someone signed in (a repeat sign-up ends so) is not offered to sign in (#26.4). */}
      {personSignedIn ? null : (
        <Text>
          <Link href={paths.signInOtp.build(lng)}>{t('start.haveAccount')}</Link>
        </Text>
      )}
      <Facts items={['trial', 'charge', 'cancel', 'moneyBack']} />
    </LandingLayout>
  );
}
