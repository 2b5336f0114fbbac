import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { publishedAppLinks } from '../app-links';
import { paths, withSearch } from '../../../core/routes/paths';
import { publicConfig } from '../public-config';
import { useLanguage } from '../use-language';
import { formatDate } from '../../../core/format-date';
import { IntentButtonLink } from '../IntentButtonLink';
import { Box } from '../../ui/Box';
import { Card } from '../../ui/Card';
import { GetStarted } from '../../ui/GetStarted';
import { Spinner } from '../../ui/Spinner';
import { Heading, Text } from '../../ui/Text';
import { useReaderStanding } from './reader-standing';
import { RefusedCheck } from './RefusedCheck';

/**
 * The success pages' content for whoever reads them (/success can be typed by anyone, any day):
 * "You're all set" only while a subscription opens the product, with its true state (trial until,
 * active, payment failed, cancelled until); otherwise what is true instead (in review, no plan,
 * ended) and the one step that leads on. Sign-in words name only identifiers that sign in.
 */
export function ReaderWelcome({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  const { standing, signInWith } = useReaderStanding();
  const links = publishedAppLinks(publicConfig().appLinks);
  const date = (iso: string | null) => (iso ? formatDate(iso, lng, 'long') : '');
  const shared = { links, extra, signInBody: t(`welcome.signIn.${signInWith}`) };
  const accountLink = (
    <IntentButtonLink tone="primary" href={paths.account.build()}>
      {t('welcome.account')}
    </IntentButtonLink>
  );

  switch (standing.kind) {
    case 'loading':
      return <Spinner label={t('loading')} />;
    case 'visitor':
      return <GetStarted {...shared} title={t('welcome.visitorTitle')} subtitle={t('welcome.visitorText')} celebrate={false} now={<DoNow signedIn={false} />} />;
    case 'open': {
      const { subscription } = standing;
      const subtitle =
        subscription.stage === 'trialing'
          ? t('welcome.trialing', { date: date(subscription.trialEnd) })
          : subscription.stage === 'active'
            ? t('welcome.active')
            : subscription.stage === 'past_due'
              ? t('welcome.pastDue')
              : t('welcome.ending', { date: date(subscription.endsAt) });
      const allSet = subscription.stage === 'trialing' || subscription.stage === 'active';
      return (
        <GetStarted
          {...shared}
          title={allSet ? undefined : t('welcome.appsTitle')}
          subtitle={subtitle}
          primary={accountLink}
          celebrate={allSet}
          now={<DoNow signedIn />}
        />
      );
    }
    case 'closed':
      return (
        <StandingCard title={t('welcome.endedTitle')} text={t('noSecondTrial')}>
          <IntentButtonLink href={withSearch(paths.checkoutForm.build(lng), { interval: standing.subscription.interval, plan: standing.subscription.plan })}>
            {t('restart')}
          </IntentButtonLink>
        </StandingCard>
      );
    case 'inReview':
      return (
        <StandingCard title={t('review.title')} text={t('review.text')}>
          <IntentButtonLink href={paths.failure.build(lng)}>{t('review.open')}</IntentButtonLink>
        </StandingCard>
      );
    case 'refused':
      return (
        <Box width="full" maxWidth="narrow">
          <RefusedCheck />
        </Box>
      );
    case 'noPlan':
      return (
        <StandingCard title={t('none')} text={standing.trialAvailable ? t('welcome.noPlan') : t('noSecondTrial')}>
          <IntentButtonLink href={standing.trialAvailable ? paths.onboarding.build(lng) : paths.checkoutForm.build(lng)}>
            {standing.trialAvailable ? t('startTrial') : t('restart')}
          </IntentButtonLink>
        </StandingCard>
      );
  }
}

/**
 * What the web product offers today (#37.2): the greeting generator makes the voicemail greeting the
 * apps will ask for; a signed-in reader also has their account page (the hero's button).
 */
function DoNow({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  return (
    <Card elevation="flat">
      <Heading level={2}>{t('welcome.nowTitle')}</Heading>
      <Text>{signedIn ? t('welcome.greetingSignedIn') : t('welcome.greeting')}</Text>
      <div>
        <IntentButtonLink tone="secondary" href={paths.voiceGeneratorLocalized.build(lng)}>
          {t('welcome.greetingOpen')}
        </IntentButtonLink>
      </div>
    </Card>
  );
}

function StandingCard({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Box width="full" maxWidth="narrow">
      <Card>
        <Heading>{title}</Heading>
        <Text>{text}</Text>
        <div>{children}</div>
      </Card>
    </Box>
  );
}
