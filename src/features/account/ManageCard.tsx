import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../platform/use-language';
import type { SubscriptionView } from '../../../core/contracts/payments';
import { formatMoney } from '../../../core/payments/money';
import { formatDate } from '../../../core/format-date';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Heading, Text } from '../../ui/Text';
import * as styles from './AccountPage.css';
import type { SubscriptionActions } from './subscription-actions';

type Confirming = 'cancel' | 'refund';

/**
 * "Change or cancel", among the settings: cancel (a trial runs to its end and is never charged, a
 * paid period to its end) and the 30-day money-back refund, each confirmed in plain words. Renders
 * nothing in a stage that allows neither.
 */
export function ManageCard({ subscription, actions }: { subscription: SubscriptionView; actions: SubscriptionActions }) {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const canCancel = subscription.actions.includes('cancel');
  const canRefund = subscription.actions.includes('refund') && subscription.refundableUntil !== null;
  if (!canCancel && !canRefund) return null;

  const date = (iso: string) => formatDate(iso, lng, 'long');
  const trialing = subscription.status === 'trialing';
  const refundAmount = formatMoney(subscription.lastCharge?.amount ?? 0, subscription.currency, subscription.minorUnits, lng);
  const runsUntil = subscription.trialEnd && trialing ? date(subscription.trialEnd) : subscription.currentPeriodEnd ? date(subscription.currentPeriodEnd) : '';
  const confirmation =
    confirming === 'refund'
      ? { text: t('refundConfirm', { amount: refundAmount }), yes: t('confirmRefund', { amount: refundAmount }), no: t('keepSubscription') }
      : trialing
        ? { text: t('cancelTrialConfirm', { date: runsUntil }), yes: t('confirmCancelTrial'), no: t('keepTrial') }
        : subscription.stage === 'past_due'
          ? { text: t('cancelUnpaidConfirm'), yes: t('confirmCancelSubscription'), no: t('keepSubscription') }
          : { text: t('cancelSubscriptionConfirm', { date: runsUntil }), yes: t('confirmCancelSubscription'), no: t('keepSubscription') };

  const run = async (action: Confirming) => {
    await actions.change(action);
    setConfirming(null);
  };

  return (
    <Card elevation="flat" role="region" aria-labelledby="manage-heading">
      <Heading level={2} id="manage-heading">
        {t('manageTitle')}
      </Heading>
      {confirming ? (
        <div className={styles.confirmBox} role="group" aria-labelledby="confirm-text">
          <Text id="confirm-text">{confirmation.text}</Text>
          <Button tone="primary" block disabled={actions.busy !== null} onClick={() => setConfirming(null)} autoFocus>
            {confirmation.no}
          </Button>
          <Button tone="critical" block loading={actions.busy === confirming} onClick={() => void run(confirming)}>
            {confirmation.yes}
          </Button>
        </div>
      ) : (
        <div className={styles.actions}>
          {canRefund && subscription.refundableUntil ? (
            <>
              <Text tone="muted" size="small">
                {t('refundHelp', { date: date(subscription.refundableUntil) })}
              </Text>
              <Button tone="secondary" block onClick={() => setConfirming('refund')}>
                {t('refund')}
              </Button>
            </>
          ) : null}
          {canCancel ? (
            <Button tone="secondary" block onClick={() => setConfirming('cancel')}>
              {trialing ? t('cancelTrial') : t('cancelSubscription')}
            </Button>
          ) : null}
        </div>
      )}
    </Card>
  );
}
