import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box } from '../../../ui/Box';
import { Page } from '../../../ui/Page';
import { FooterHold } from '../../../platform/footer-hold';
import { Heading, Text } from '../../../ui/Text';
import { visuallyHidden } from '../../../ui/visually-hidden.css';
import * as styles from './PaywallFrame.css';
import { useTrialOffer } from './trial-offer';

/**
 * The paywall's page, heading and promise, drawn before anything else about it is known: the
 * onboarding route shows it as soon as the address asks for the paywall, while the session, the
 * profile and the plans load, so the page's largest text paints at once and stays where it is
 * (the plans replace the skeleton below it; nothing above moves).
 */
export function PaywallFrame({ progress, children }: { progress?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('checkout');
  // Someone who had their free trial before is charged at once: the promise changes with it (the
  // plans below ask; the prerendered frame has the first-time promise).
  const { trial } = useTrialOffer(false);
  return (
    <Page width="content">
      {progress}
      <Box display="flex" flexDirection="column" gap="xsmall">
        <Heading>{trial === false ? t('paid.title') : t('title')}</Heading>
        <Text tone="muted">{trial === false ? t('paid.subtitle') : t('subtitle')}</Text>
      </Box>
      {children}
    </Page>
  );
}

/** Where the plans will be, while they (or the person's standing) load; the footer waits below. */
export function PlansSkeleton() {
  const { t } = useTranslation('checkout');
  return (
    <div className={styles.skeleton} role="status">
      <span className={visuallyHidden}>{t('loading')}</span>
      <div className={styles.intervalBlock} aria-hidden="true" />
      <div className={styles.planBlocks} aria-hidden="true">
        <div className={styles.planBlock} />
        <div className={styles.planBlock} />
      </div>
      <div className={styles.summaryBlock} aria-hidden="true" />
      <FooterHold />
    </div>
  );
}
