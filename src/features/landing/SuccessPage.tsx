import { useTranslation } from 'react-i18next';
import { publicConfig } from '../../app/public-config';
import { ButtonLink } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Heading, Text } from '../../ui/Text';
import { publishedAppLinks } from './app-links';
import * as styles from './Landing.css';
import { LandingLayout } from './LandingLayout';

/** /success: the account is ready; where to use it (links come from /config.json appLinks). */
export default function SuccessPage() {
  const { t } = useTranslation('landing');
  const links = publishedAppLinks(publicConfig().appLinks);
  return (
    <LandingLayout>
      <Heading>{t('success.title')}</Heading>
      <Text size="lead" tone="muted">
        {t('success.subtitle')}
      </Text>
      <div className={styles.cards}>
        <Card elevation="flat">
          <Heading level={2}>{t('success.web')}</Heading>
          <Text tone="muted">{t('success.webBody')}</Text>
          {links.web ? (
            <ButtonLink tone="primary" href={links.web}>
              {t('success.openWeb')}
            </ButtonLink>
          ) : null}
        </Card>
        <Card elevation="flat">
          <Heading level={2}>{t('success.desktop')}</Heading>
          <Text tone="muted">{t('success.desktopBody')}</Text>
          <ul className={styles.linkList}>
            {links.macos ? (
              <li>
                <ButtonLink tone="secondary" href={links.macos}>
                  {t('success.macos')}
                </ButtonLink>
              </li>
            ) : null}
            {links.windows ? (
              <li>
                <ButtonLink tone="secondary" href={links.windows}>
                  {t('success.windows')}
                </ButtonLink>
              </li>
            ) : null}
          </ul>
        </Card>
        <Card elevation="flat">
          <Heading level={2}>{t('success.mobile')}</Heading>
          <Text tone="muted">{t('success.mobileBody')}</Text>
          {!links.ios && !links.android ? <Text size="small">{t('success.comingSoon')}</Text> : null}
          <ul className={styles.linkList}>
            {links.ios ? (
              <li>
                <ButtonLink tone="secondary" href={links.ios}>
                  {t('success.ios')}
                </ButtonLink>
              </li>
            ) : null}
            {links.android ? (
              <li>
                <ButtonLink tone="secondary" href={links.android}>
                  {t('success.android')}
                </ButtonLink>
              </li>
            ) : null}
          </ul>
        </Card>
      </div>
    </LandingLayout>
  );
}
