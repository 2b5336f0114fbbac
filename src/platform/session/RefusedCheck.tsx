import { useTranslation } from 'react-i18next';
import { paths } from '../../../core/routes/paths';
import { IntentLink } from '../IntentLink';
import { useLanguage } from '../use-language';
import { Card } from '../../ui/Card';
import { Heading, Text } from '../../ui/Text';

/**
 * What a person whose identity check was refused (kyc_status REJECTED) reads, on the failure page,
 * the success pages and the account page alike (#37.3): the company could not be verified online,
 * what to send and where, or the contact page's phone and hours. Nothing here promises a trial: a
 * person on the team decides after reading what they send. The address is the one the contact page
 * shows (legal.json), so it lives in one place.
 */
export function RefusedCheck({ level = 1 }: { level?: 1 | 2 }) {
  const { t } = useTranslation(['account', 'legal']);
  const lng = useLanguage();
  const email = t('legal:contact.emailValue');
  return (
    <Card role="region" aria-labelledby="refused-heading">
      <Heading level={level} id="refused-heading">
        {t('account:refused.title')}
      </Heading>
      <Text>{t('account:refused.text')}</Text>
      <Text>
        {t('account:refused.send')} <a href={`mailto:${email}`}>{email}</a>
      </Text>
      <Text>
        {t('account:refused.call')} <IntentLink href={paths.contact.build(lng)}>{t('account:refused.contact')}</IntentLink>
      </Text>
    </Card>
  );
}
