import { useTranslation } from 'react-i18next';
import type { BillingInterval, Plan, PlanCode } from '../../../../core/contracts/payments';
import * as styles from './CheckoutFormPage.css';

/** The paywall's plans, each with its price per seat and month for the interval, its discount and what it is for. */
export function PlanChoice({
  plans,
  interval,
  selected,
  money,
  onSelect,
}: {
  plans: Plan[];
  interval: BillingInterval;
  selected: Plan;
  money(amountMinor: number): string;
  onSelect(plan: PlanCode): void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('plan.label')}</legend>
      <div className={styles.plans}>
        {plans.map((entry) => {
          const price = entry.prices[interval];
          return (
            <label key={entry.plan} className={styles.planOption}>
              <input
                className={styles.hiddenRadio}
                type="radio"
                name="plan"
                value={entry.plan}
                checked={selected.plan === entry.plan}
                onChange={() => onSelect(entry.plan)}
              />
              <span className={styles.planName}>{t(`plan.${entry.plan}`)}</span>
              <span>
                <span className={styles.amount}>{money(price.monthlyEquivalent)}</span> <span className={styles.muted}>{t('price.perSeatMonth')}</span>
              </span>
              {interval === 'yearly' && entry.yearlyDiscountPercent > 0 ? (
                <span className={styles.badge}>{t('price.discount', { percent: entry.yearlyDiscountPercent })}</span>
              ) : null}
              <span className={styles.muted}>{t(`plan.${entry.plan}Description`)}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
