import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { IntentLink as Link } from '../../platform/IntentLink';
import { paths } from '../../../core/routes/paths';
import { useLanguage } from '../../platform/use-language';
import { parseLandingSearch } from '../../../core/contracts/signup';
import { Card } from '../../ui/Card';
import { usePersonSignedIn } from '../../platform/session/presence';
import { Heading, Text } from '../../ui/Text';
import * as styles from './Landing.css';
import { Facts, LandingLayout } from './LandingLayout';
import { SignupForm } from './SignupForm';
import { SocialSignIn } from '../../platform/social/SocialSignIn.lazy';

/** /{lng}: welcome, 'I already have an account', and the sign-up form (prefilled from the address). */
export default function StartPage() {
  const { t } = useTranslation('landing');
  const lng = useLanguage();
  const search = useSearch();
  const personSignedIn = usePersonSignedIn();
  return (
    <LandingLayout>
      <div className={styles.startHero}>
        <div className={styles.startTitle}>
          <Heading id="start-title">{t('start.title')}</Heading>
          <Text size="lead" tone="muted" className={styles.desktopOnly}>
            {t('start.subtitle')}
          </Text>
          {/* Someone signed in (a repeat sign-up ends so) is not offered to sign in (#26.4). */}
          {personSignedIn ? null : (
            <Text>
              <Link href={paths.signInOtp.build(lng)}>{t('start.haveAccount')}</Link>
            </Text>
          )}
        </div>
        <Card className={styles.startForm}>
          <SignupForm
            variant="full"
            landingPage="start"
            lng={lng}
            prefill={parseLandingSearch(search)}
            title={t('start.formTitle')}
            submitLabel={t('fields.submit')}
          />
          {personSignedIn ? null : <SocialSignIn lng={lng} landingPage="start" />}
        </Card>
        <section className={styles.startDetails} aria-labelledby="start-title">
          <Text size="lead" tone="muted" className={styles.mobileOnly}>
            {t('start.subtitle')}
          </Text>
          <Facts items={['signup', 'onboarding', 'trial', 'charge', 'cancel', 'moneyBack']} />
        </section>
      </div>
    </LandingLayout>
  );
}
