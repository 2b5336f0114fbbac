import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '../../core/contracts/public-config';
import { ButtonLink } from './Button';
import { Card } from './Card';
import * as styles from './GetStarted.css';
import { Heading, Text } from './Text';
import { stepNumber } from './StepNumber.css';
import { visuallyHidden } from './visually-hidden.css';

type AppLinks = Partial<PublicConfig['appLinks']>;

function CheckIcon() {
  return (
    <svg className={styles.badgeIcon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

/**
 * "You're all set": the one screen after a plan starts, on /{lng}/onboarding/success and /success
 * alike, with words the caller chose for the reader. One primary action (the web app when one is
 * configured), then the three steps to a first call and the app downloads that are published
 * (links from /config.json appLinks; an unset one is left out).
 */
export function GetStarted({
  links,
  headingId,
  extra,
  title,
  subtitle,
  signInBody,
  primary,
}: {
  links: AppLinks;
  headingId?: string;
  extra?: ReactNode;
  /** What is true for the reader (the caller knows their subscription); defaults to the trial's start. */
  title?: string;
  subtitle?: string;
  /** How this reader signs in (only identifiers that sign in: an unconfirmed email does not). */
  signInBody?: string;
  /**
   * The main action when there is no web app to open (e.g. a link to the account page): an element
   * the caller makes, since the app's own pages are reached through the app's link, not a plain <a>.
   */
  primary?: ReactNode;
}) {
  const { t } = useTranslation();
  const steps = ['download', 'signIn', 'setUp'] as const;
  const hasMobile = Boolean(links.ios || links.android);
  return (
    <div className={styles.root}>
      <div className={styles.hero}>
        <span className={styles.badge}>
          <CheckIcon />
        </span>
        <Heading id={headingId} tabIndex={-1}>
          {title ?? t('getStarted.title')}
        </Heading>
        <Text size="lead" tone="muted" className={styles.lead}>
          {subtitle ?? t('getStarted.subtitle')}
        </Text>
        {links.web ? (
          <div className={styles.primary}>
            <ButtonLink tone="primary" href={links.web}>
              {t('getStarted.openWeb')}
            </ButtonLink>
            <Text size="small" tone="muted">
              {t('getStarted.webHint')}
            </Text>
          </div>
        ) : primary ? (
          <div className={styles.primary}>{primary}</div>
        ) : null}
      </div>
      <section aria-labelledby="get-started-steps">
        <Heading level={2} id="get-started-steps" className={visuallyHidden}>
          {t('getStarted.stepsTitle')}
        </Heading>
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step} className={styles.step}>
              <span className={stepNumber()} aria-hidden="true">
                {index + 1}
              </span>
              <span className={styles.stepText}>
                <span className={styles.stepTitle}>{t(`getStarted.steps.${step}.title`)}</span>
                <span className={styles.stepBody}>{step === 'signIn' && signInBody ? signInBody : t(`getStarted.steps.${step}.body`)}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>
      <div className={styles.apps}>
        <Card elevation="flat">
          <Heading level={3}>{t('getStarted.desktop')}</Heading>
          <Text tone="muted">{t('getStarted.desktopBody')}</Text>
          {!links.macos && !links.windows ? <Text size="small">{t('getStarted.desktopSoon')}</Text> : null}
          <ul className={styles.appButtons}>
            {links.macos ? (
              <li>
                <ButtonLink tone="secondary" href={links.macos}>
                  {t('getStarted.macos')}
                </ButtonLink>
              </li>
            ) : null}
            {links.windows ? (
              <li>
                <ButtonLink tone="secondary" href={links.windows}>
                  {t('getStarted.windows')}
                </ButtonLink>
              </li>
            ) : null}
          </ul>
        </Card>
        <Card elevation="flat">
          <Heading level={3}>{t('getStarted.mobile')}</Heading>
          <Text tone="muted">{t('getStarted.mobileBody')}</Text>
          {hasMobile ? (
            <ul className={styles.appButtons}>
              {links.ios ? (
                <li>
                  <ButtonLink tone="secondary" href={links.ios}>
                    {t('getStarted.ios')}
                  </ButtonLink>
                </li>
              ) : null}
              {links.android ? (
                <li>
                  <ButtonLink tone="secondary" href={links.android}>
                    {t('getStarted.android')}
                  </ButtonLink>
                </li>
              ) : null}
            </ul>
          ) : (
            <Text size="small">{t('getStarted.comingSoon')}</Text>
          )}
        </Card>
      </div>
      {extra}
    </div>
  );
}
