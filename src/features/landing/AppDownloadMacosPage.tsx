import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { publicConfig } from '../../app/public-config';
import { Alert } from '../../ui/Alert';
import { ButtonLink } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Heading, Text } from '../../ui/Text';
import { publishedAppLinks } from '../../app/app-links';
import * as styles from './Landing.css';
import { LandingLayout } from './LandingLayout';

/** /app-download/macos: the desktop download (APP_DOWNLOAD_MACOS_URL) and how to get started. */
export default function AppDownloadMacosPage() {
  const { t } = useTranslation('landing');
  const links = publicConfig().appLinks;
  const others = publishedAppLinks(links);
  // Until APP_DOWNLOAD_MACOS_URL is set the link points back at this page: offer the web app instead.
  const downloadConfigured = new URL(links.macos, window.location.origin).pathname !== paths.appDownloadMacos.build();
  return (
    <LandingLayout width="content">
      <Card>
        <Heading>{t('appDownload.title')}</Heading>
        <Text size="lead" tone="muted">
          {t('appDownload.subtitle')}
        </Text>
        <div>
          {downloadConfigured ? (
            <ButtonLink tone="primary" href={links.macos} download>
              {t('appDownload.download')}
            </ButtonLink>
          ) : (
            <Alert tone="info">
              {t('appDownload.notConfigured')} <a href={links.web}>{t('appDownload.web')}</a>
            </Alert>
          )}
        </div>
        <Text tone="muted" size="small">
          {t('appDownload.requirements')}
        </Text>
        <Heading level={2}>{t('appDownload.stepsTitle')}</Heading>
        <ol className={styles.steps}>
          <li>{downloadConfigured ? t('appDownload.step1') : t('appDownload.step1Web')}</li>
          <li>{t('appDownload.step2')}</li>
          <li>{t('appDownload.step3')}</li>
          <li>{t('appDownload.step4')}</li>
        </ol>
        <Heading level={2}>{t('appDownload.otherTitle')}</Heading>
        <ul className={styles.linkList}>
          {others.web ? (
            <li>
              <a href={others.web}>{t('appDownload.web')}</a>
            </li>
          ) : null}
          {others.windows ? (
            <li>
              <a href={others.windows}>{t('appDownload.windows')}</a>
            </li>
          ) : null}
          {others.ios ? (
            <li>
              <a href={others.ios}>{t('appDownload.ios')}</a>
            </li>
          ) : null}
          {others.android ? (
            <li>
              <a href={others.android}>{t('appDownload.android')}</a>
            </li>
          ) : null}
        </ul>
      </Card>
    </LandingLayout>
  );
}
