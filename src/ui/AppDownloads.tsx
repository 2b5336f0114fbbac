import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '../../core/contracts/public-config';
import { ButtonLink } from './Button';
import { Card } from './Card';
import * as styles from './GetStarted.css';
import { Heading, Text } from './Text';

export type AppLinks = Partial<PublicConfig['appLinks']>;

/**
 * "You're all set", the apps to download: desktop and mobile, each with the links that are
 * published (from /config.json appLinks; an unset one is left out, none at all says so).
 */
export function AppDownloads({ links }: { links: AppLinks }) {
  const { t } = useTranslation();
  const hasMobile = Boolean(links.ios || links.android);
  return (
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
  );
}
