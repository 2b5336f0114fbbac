import { useTranslation } from 'react-i18next';
import type { BillingInterval, Plan } from '../../../../core/contracts/payments';
import { segmentedTrack } from '../../../ui/Segmented.css';
import * as styles from './CheckoutFormPage.css';

/** The paywall's yearly/monthly switch; the yearly option names its saving on the selected plan. */
export function IntervalChoice({ interval, selected, onSelect }: { interval: BillingInterval; selected: Plan; onSelect(interval: BillingInterval): void }) {
  const { t } = useTranslation('checkout');
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('interval.label')}</legend>
      <div className={segmentedTrack}>
        {(['yearly', 'monthly'] as const).map((option) => (
          <label key={option} className={styles.segment}>
            <input className={styles.hiddenRadio} type="radio" name="interval" value={option} checked={interval === option} onChange={() => onSelect(option)} />
            {option === 'yearly' && selected.yearlyDiscountPercent > 0
              ? t('interval.yearlySave', { percent: selected.yearlyDiscountPercent })
              : t(`interval.${option}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
