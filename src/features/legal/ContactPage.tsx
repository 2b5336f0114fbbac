import { useTranslation } from 'react-i18next';
import { IntentLink as Link } from '../../platform/IntentLink';
import { paths } from '../../../core/routes/paths';
import { useLanguage } from '../../platform/use-language';
import { button } from '../../ui/Button.css';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Heading, Text } from '../../ui/Text';
import * as styles from './Legal.css';

/** /{lng}/contact: how to reach a person, and the founder demo for people deciding. */
export default function ContactPage() {
  const { t } = useTranslation('legal');
  const lng = useLanguage();
  const email = t('contact.emailValue');
  const phone = t('contact.phoneValue');
  return (
    <Page width="content">
      <div className={styles.section}>
        <Heading>{t('contact.title')}</Heading>
        <Text size="lead" tone="muted">
          {t('contact.intro')}
        </Text>
      </div>
      <div className={styles.contactGrid}>
        <Card elevation="flat">
          <dl className={styles.details}>
            <div>
              <dt className={styles.term}>{t('contact.email')}</dt>
              <dd className={styles.value}>
                <a href={`mailto:${email}`}>{email}</a>
              </dd>
            </div>
            <div>
              <dt className={styles.term}>{t('contact.phone')}</dt>
              <dd className={styles.value}>
                <a href="tel:+33184801234">{phone}</a>
              </dd>
            </div>
            <div>
              <dt className={styles.term}>{t('contact.address')}</dt>
              <dd className={styles.value}>{t('contact.addressValue')}</dd>
            </div>
          </dl>
        </Card>
        <Card>
          <Heading level={2}>{t('contact.demoTitle')}</Heading>
          <Text tone="muted">{t('contact.demoBody')}</Text>
          <Link href={paths.demo.build(lng)} className={button({ tone: 'primary', block: true })}>
            {t('contact.demo')}
          </Link>
        </Card>
      </div>
    </Page>
  );
}
