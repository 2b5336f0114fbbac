import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingInterval, Plan } from '../../../../core/contracts/payments';
import { applyPercentOff } from '../../../../core/payments/promotion';
import { trialEnd } from '../../../../core/payments/trial';
import type { Language } from '../../../../core/routes/languages';
import { Alert } from '../../../ui/Alert';
import { Box } from '../../../ui/Box';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Heading, Text } from '../../../ui/Text';
import * as styles from './CheckoutFormPage.css';
import { formatTrialDate } from './paywall-format';
import type { PaywallPromotion } from './use-promotion';

/**
 * The paywall's summary of the choice: plan and interval, what is billed and saved, then what
 * happens when (the trial's end and first charge, or today's charge when the trial was used before),
 * the checkout's error if any, and the button that starts it. `trial` is the server's offer;
 * `promotion` the custom_code's percent off the first payment, by the checkout's own rule (#37.1).
 */
export function CheckoutSummary({
  lng,
  selected,
  interval,
  trial,
  promotion,
  money,
  errorCode,
  busy,
  onStart,
  onWarm,
}: {
  lng: Language;
  selected: Plan;
  interval: BillingInterval;
  trial: boolean | undefined;
  promotion: PaywallPromotion;
  money(amountMinor: number): string;
  errorCode: string | null;
  busy: boolean;
  onStart(): void;
  /** The pointer or focus reached the button: the payment provider's script can start loading. */
  onWarm(): void;
}) {
  const { t } = useTranslation('checkout');
  // Built once per language, not on every render (the page renders again as the funnel answers).
  const trialDate = useMemo(() => formatTrialDate(trialEnd(new Date()), lng), [lng]);
  const charge = money(applyPercentOff(selected.prices[interval].unitAmount, promotion?.percentOff));
  return (
    <Card elevation="raised" role="region" aria-labelledby="checkout-summary">
      <Box display="flex" flexDirection="column" gap="small">
        <Heading level={2} id="checkout-summary">
          {t(`plan.${selected.plan}`)} · {t(`interval.${interval}`)}
        </Heading>
        <Text>
          {interval === 'yearly'
            ? t('price.billedYearly', { amount: money(selected.prices.yearly.unitAmount) })
            : t('price.billedMonthly', { amount: money(selected.prices.monthly.unitAmount) })}
        </Text>
        {selected.yearlySavingsPerSeat > 0 ? (
          <Text tone="muted">
            {interval === 'yearly'
              ? t('price.savings', { amount: money(selected.yearlySavingsPerSeat) })
              : t('price.savingsMonthly', { amount: money(selected.yearlySavingsPerSeat) })}
          </Text>
        ) : null}
        {promotion ? <Text>{t('price.promotion', { code: promotion.code, percent: promotion.percentOff })}</Text> : null}
        {trial === false ? (
          <ul className={styles.list}>
            <li>
              <strong>{t(`paid.today.${interval}`, { amount: charge })}</strong>
            </li>
            <li>{t('paid.noTrial')}</li>
            <li>{t('trial.moneyBack')}</li>
          </ul>
        ) : (
          <ul className={styles.list}>
            <li>
              <strong>{t('trial.end', { date: trialDate })}</strong>
            </li>
            <li>{t('trial.charged', { amount: charge, date: trialDate })}</li>
            <li>{t('trial.moneyBack')}</li>
          </ul>
        )}
        {errorCode ? <Alert tone="critical">{t(`errors.${errorCode}`, { defaultValue: t('errors.UNKNOWN_ERROR') })}</Alert> : null}
        <Button block loading={busy} onClick={onStart} onPointerEnter={onWarm} onFocus={onWarm}>
          {trial === false ? t('paid.start', { amount: charge }) : t('start')}
        </Button>
      </Box>
    </Card>
  );
}
