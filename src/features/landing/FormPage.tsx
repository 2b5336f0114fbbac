import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { IntentLink as Link } from '../../platform/IntentLink';
import { paths } from '../../../core/routes/paths';
import { useLanguage } from '../../platform/use-language';
import { parseLandingSearch } from '../../../core/contracts/signup';
import { Card } from '../../ui/Card';
import { usePersonSignedIn } from '../../platform/session/presence';
import { Heading, Text } from '../../ui/Text';
import { Facts, LandingLayout } from './LandingLayout';
import { SignupForm } from './SignupForm';

/** /{lng}/form: a focused, form-first landing (ads), same params and flow as the start page. */
export default function FormPage() {
  const { t } = useTranslation('landing');
  const lng = useLanguage();
  const search = useSearch();
  const personSignedIn = usePersonSignedIn();
  return (
    <LandingLayout width="narrow">
      <Heading>{t('form.title')}</Heading>
      <Text tone="muted">{t('form.subtitle')}</Text>
      <Card>
        <SignupForm
          variant="full"
          landingPage="form"
          lng={lng}
          prefill={parseLandingSearch(search)}
          title={t('start.formTitle')}
          submitLabel={t('fields.submit')}
        />
      </Card>
      {/* Someone signed in (a repeat sign-up ends so) is not offered to sign in (#26.4). */}
      {personSignedIn ? null : (
        <Text>
          <Link href={paths.signInOtp.build(lng)}>{t('start.haveAccount')}</Link>
        </Text>
      )}
      <Facts items={['signup', 'trial', 'charge', 'cancel', 'moneyBack']} />
    </LandingLayout>
  );
}
