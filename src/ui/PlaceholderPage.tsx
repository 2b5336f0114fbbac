import { useTranslation } from 'react-i18next';
import { Page } from './Page';
import { Heading, Text } from './Text';

/** Shown by routes whose feature has not landed yet, so every route resolves to a real page. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Page width="narrow">
      <Heading>{title}</Heading>
      <Text tone="muted">{t('placeholder.comingSoon')}</Text>
    </Page>
  );
}
