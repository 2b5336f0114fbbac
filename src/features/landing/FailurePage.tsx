import { useTranslation } from 'react-i18next';
import { IntentLink as Link } from '../../app/IntentLink';
import { paths } from '../../app/paths';
import { useLanguage } from '../../app/use-language';
import { button } from '../../ui/Button.css';
import { Card } from '../../ui/Card';
import { Heading, Text } from '../../ui/Text';
import { LandingLayout } from './LandingLayout';

/** /{lng}/failure: where the identity check sends accounts it could not validate (SPEC §4). */
export default function FailurePage() {
  const { t } = useTranslation('landing');
  const lng = useLanguage();
  return (
    <LandingLayout width="narrow">
      <Card>
        <Heading>{t('failure.title')}</Heading>
        <Text size="lead">{t('failure.text')}</Text>
        <Link href={paths.home.build(lng)} className={button({ tone: 'primary' })}>
          {t('failure.back')}
        </Link>
      </Card>
    </LandingLayout>
  );
}
