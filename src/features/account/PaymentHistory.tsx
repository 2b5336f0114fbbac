import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../platform/use-language';
import type { SubscriptionView } from '../../../core/contracts/payments';
import { formatMoney } from '../../../core/payments/money';
import { Card } from '../../ui/Card';
import * as styles from './AccountPage.css';
import { ServerDate } from './PlanCard';

/**
 * The payments of this subscription, folded under their count: the page's top says what is due and
 * when, so the list is there for whoever looks for it, without making a phone scroll past it.
 */
export function PaymentHistory({ subscription }: { subscription: SubscriptionView }) {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  if (subscription.charges.length === 0) return null;
  const money = (amount: number) => formatMoney(amount, subscription.currency, subscription.minorUnits, lng);
  return (
    <Card elevation="flat">
    <details className={styles.history}>
      <summary className={styles.historySummary}>{t('historyCount', { count: subscription.charges.length })}</summary>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col" className={styles.th}>
              {t('historyDate')}
            </th>
            <th scope="col" className={styles.th}>
              {t('historyStatus')}
            </th>
            <th scope="col" className={[styles.th, styles.amountCell].join(' ')}>
              {t('historyAmount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {subscription.charges.map((charge) => (
            <tr key={charge.id}>
              <td className={styles.td}>
                <ServerDate iso={charge.at} lng={lng} />
              </td>
              <td className={styles.td}>{charge.refunded ? t('chargeRefunded') : charge.status === 'failed' ? t('chargeFailed') : t('chargePaid')}</td>
              <td className={[styles.td, styles.amountCell].join(' ')}>{money(charge.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
    </Card>
  );
}
