import { useTranslation } from 'react-i18next';
import { paths } from '../../../core/routes/paths';
import { publicConfig } from '../../platform/public-config';
import { ButtonLink } from '../../ui/Button';
import { IntentButtonLink } from '../../platform/IntentButtonLink';
import { Card } from '../../ui/Card';
import { Heading, Text } from '../../ui/Text';
import { publishedAppLinks } from '../../platform/app-links';
import { useReaderStanding } from '../../platform/session/reader-standing';
import * as styles from './Landing.css';
import { LandingLayout } from './LandingLayout';

/**
 * /app-download/macos: the desktop download and how to install it, only when APP_DOWNLOAD_MACOS_URL
 * is set; otherwise it says the app is not published and offers only what exists. The sign-in step
 * names the identifiers that really sign in (an unconfirmed email does not).
 */
export default function AppDownloadMacosPage() {
  const { t } = useTranslation('landing');
  const { t: tAccount } = useTranslation('account');
  const links = publishedAppLinks(publicConfig().appLinks);
  const { signInWith } = useReaderStanding();
  const others = [
    links.web ? { href: links.web, label: t('appDownload.web') } : null,
    links.windows ? { href: links.windows, label: t('appDownload.windows') } : null,
    links.ios ? { href: links.ios, label: t('appDownload.ios') } : null,
    links.android ? { href: links.android, label: t('appDownload.android') } : null,
  ].filter((link): link is { href: string; label: string } => link !== null);
  return (
    <LandingLayout width="content">
      <Card>
        <Heading>{t('appDownload.title')}</Heading>
        <Text size="lead" tone="muted">
          {t('appDownload.subtitle')}
        </Text>
        {links.macos ? (
          <>
            <div>
              <ButtonLink tone="primary" href={links.macos} download>
                {t('appDownload.download')}
              </ButtonLink>
            </div>
            <Text tone="muted" size="small">
              {t('appDownload.requirements')}
            </Text>
            <Heading level={2}>{t('appDownload.stepsTitle')}</Heading>
            <ol className={styles.steps}>
              <li>{t('appDownload.step1')}</li>
              <li>{t('appDownload.step2')}</li>
              <li>{t('appDownload.step3')}</li>
              <li>{tAccount(`welcome.signIn.${signInWith}`)}</li>
            </ol>
          </>
        ) : (
          <Text>{t('appDownload.notPublished')}</Text>
        )}
        {others.length > 0 ? (
          <>
            <Heading level={2}>{t('appDownload.otherTitle')}</Heading>
            <ul className={styles.linkList}>
              {others.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <div>
            <IntentButtonLink tone="secondary" href={paths.account.build()}>
              {tAccount('welcome.account')}
            </IntentButtonLink>
          </div>
        )}
      </Card>
    </LandingLayout>
  );
}
