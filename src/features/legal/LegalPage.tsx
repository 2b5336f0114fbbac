import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useLanguage } from '../../platform/use-language';
import { formatDate } from '../../../core/format-date';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Heading, Text } from '../../ui/Text';
import * as styles from './Legal.css';

/** When the texts in locales/{en,fr}/legal.json last changed; say so when they change. */
const LAST_UPDATED = new Date('2025-11-01T12:00:00Z');

/** /{lng}/privacy and /{lng}/terms: plain-words legal pages (texts in locales/{en,fr}/legal.json). */
export default function LegalPage() {
  const { t } = useTranslation('legal');
  const lng = useLanguage();
  const [location] = useLocation();
  const kind = location.endsWith('/terms') ? 'terms' : 'privacy';
  const sections = t(`${kind}.sections`, { returnObjects: true }) as Array<{ heading: string; body: string }>;
  return (
    <Page width="content">
      <article className={styles.article} aria-labelledby="legal-title">
        <div className={styles.section}>
          <Heading id="legal-title">{t(`${kind}.title`)}</Heading>
          <Text tone="muted">{t('updated', { date: formatDate(LAST_UPDATED, lng) })}</Text>
        </div>
        <Card elevation="flat">
          <Text size="lead">{t(`${kind}.intro`)}</Text>
          {sections.map((section) => (
            <section key={section.heading} className={styles.section}>
              <Heading level={2}>{section.heading}</Heading>
              <p className={styles.body}>{section.body}</p>
            </section>
          ))}
        </Card>
      </article>
    </Page>
  );
}
