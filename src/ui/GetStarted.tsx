import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDownloads, type AppLinks } from './AppDownloads';
import { ButtonLink } from './Button';
import * as styles from './GetStarted.css';
import { GetStartedSteps } from './GetStartedSteps';
import { Heading, Text } from './Text';

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
 * configured), what can be done on the web today, then the three steps to a first call (only when
 * an app is published) and the app downloads that are (links from /config.json appLinks; an unset
 * one is left out).
 */
export function GetStarted({
  links,
  headingId,
  extra,
  title,
  subtitle,
  signInBody,
  primary,
  celebrate = true,
  now,
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
  /** The check mark: only for a reader whose plan has just started or runs (not a visitor, #37.2). */
  celebrate?: boolean;
  /** What the reader can do in the web product today (e.g. the greeting generator), under the hero. */
  now?: ReactNode;
}) {
  const { t } = useTranslation();
  // The steps to a first call start with an app: with none published they are steps nobody can take.
  const anyApp = Object.values(links).some(Boolean);
  return (
    <div className={styles.root}>
      <div className={styles.hero}>
        {celebrate ? (
          <span className={styles.badge}>
            <CheckIcon />
          </span>
        ) : null}
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
      {now}
      {anyApp ? <GetStartedSteps signInBody={signInBody} /> : null}
      <AppDownloads links={links} />
      {extra}
    </div>
  );
}
