import { useTranslation } from 'react-i18next';
import { paths, withSearch } from '../../../core/routes/paths';
import type { Language } from '../../../core/routes/languages';
import { IntentLink as Link } from '../../platform/IntentLink';
import { button } from '../../ui/Button.css';
import { Card } from '../../ui/Card';
import { Heading, Text } from '../../ui/Text';
import type { DemoValues } from './use-demo-booking';

/** The demo page's 'apply' quick-start: sign up now on /{lng}/form, with what was typed so far. */
export function DemoApplyCard({ values, lng }: { values: DemoValues; lng: Language }) {
  const { t } = useTranslation(['landing', 'common']);
  const applyHref = withSearch(paths.form.build(lng), {
    email: values.email,
    first_name: values.firstName,
    last_name: values.lastName,
    company_name: values.companyName,
    phone_number: values.phone,
  });
  return (
    <Card elevation="flat">
      <Heading level={2}>{t('demo.applyTitle')}</Heading>
      <Text tone="muted">{t('demo.applyBody')}</Text>
      <div>
        <Link href={applyHref} className={button({ tone: 'secondary' })}>
          {t('demo.apply')}
        </Link>
      </div>
    </Card>
  );
}
