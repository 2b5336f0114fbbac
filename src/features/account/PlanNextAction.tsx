import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from '../../../core/contracts/payments';
import { paths, withSearch } from '../../../core/routes/paths';
import { IntentButtonLink } from '../../platform/IntentButtonLink';
import { useLanguage } from '../../platform/use-language';
import { Button } from '../../ui/Button';
import { Text } from '../../ui/Text';
import * as styles from './AccountPage.css';
import type { SubscriptionActions } from './subscription-actions';

/** The one next step the plan's stage calls for: a new card, keep it, or choose a plan again. */
export function PlanNextAction({ subscription, actions }: { subscription: SubscriptionView; actions: SubscriptionActions }) {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  const restartHref = withSearch(paths.checkoutForm.build(lng), { interval: subscription.interval, plan: subscription.plan });
  if (subscription.nextAction === 'updateCard') {
    return (
      <div className={styles.primaryAction}>
        <Button tone="primary" loading={actions.busy === 'card'} onClick={() => void actions.updateCard()}>
          {t('updateCard')}
        </Button>
      </div>
    );
  }
  if (subscription.nextAction === 'resume') {
    return (
      <div className={styles.primaryAction}>
        <Button tone="primary" loading={actions.busy === 'resume'} onClick={() => void actions.change('resume')}>
          {subscription.status === 'trialing' ? t('resumeTrial') : t('resumeSubscription')}
        </Button>
      </div>
    );
  }
  if (subscription.nextAction === 'restart') {
    return (
      <div className={styles.primaryAction}>
        <IntentButtonLink tone="primary" href={restartHref}>
          {t('restart')}
        </IntentButtonLink>
        <Text size="small" tone="muted">
          {t('noSecondTrial')}
        </Text>
      </div>
    );
  }
  return null;
}
