import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useLanguage } from '../../platform/use-language';
import type { SubscriptionView } from '../../../core/contracts/payments';
import { formatMoney } from '../../../core/payments/money';
import { formatDate } from '../../../core/format-date';
import { Alert } from '../../ui/Alert';
import { titleRow } from '../../ui/Badge.css';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Heading, Text } from '../../ui/Text';
import * as styles from './AccountPage.css';
import { PlanNextAction } from './PlanNextAction';
import { OUTCOME_ID, type SubscriptionActions } from './subscription-actions';

/** A date the server decided (trial end, charges): marked so the visual check can mask it. */
export function ServerDate({ iso, lng }: { iso: string; lng: string }) {
  return (
    <time dateTime={iso} data-server-clock="">
      {formatDate(iso, lng, 'long')}
    </time>
  );
}

/**
 * The top of the account page: the plan, its stage in words that are true today, and the one next
 * step the stage calls for (docs/subscriptions.md): a new card when a payment failed, keep it when
 * it was cancelled, choose a plan again once it has ended. The server decides the stage and what
 * is allowed (GET /v1/subscription); this only says it.
 */
export function PlanCard({ subscription, actions }: { subscription: SubscriptionView; actions: SubscriptionActions }) {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  // The hosted card page sends the customer back with ?card=updated|declined.
  const cardResult = new URLSearchParams(useSearch()).get('card');
  const money = (amount: number) => formatMoney(amount, subscription.currency, subscription.minorUnits, lng);
  const date = (iso: string | null) => (iso ? formatDate(iso, lng, 'long') : '');
  const { stage } = subscription;
  const next = subscription.nextChargeAmount !== null ? money(subscription.nextChargeAmount) : '';

  const summary = stageSummary(subscription, t, date, next);
  const showCardUpdate = subscription.actions.includes('updateCard');

  return (
    <Card role="region" aria-labelledby="subscription-heading">
      <div className={titleRow}>
        <Heading level={2} id="subscription-heading">
          {t('planValue', { plan: t(`plans.${subscription.plan}`), interval: t(`intervals.${subscription.interval}`) })}
        </Heading>
        <span className={styles.stage[stage]}>{t(`stages.${stage}`)}</span>
      </div>
      <Text>{summary}</Text>
      {stage === 'past_due' && cardResult === 'declined' ? <Alert tone="critical">{t('newCardDeclined')}</Alert> : null}
      {stage === 'ended' && cardResult === 'declined' ? <Alert tone="critical">{t('endedAfterFailures')}</Alert> : null}
      {cardResult === 'updated' && (stage === 'trialing' || stage === 'active') ? <Alert tone="positive">{t('cardUpdated')}</Alert> : null}

      <PlanNextAction subscription={subscription} actions={actions} />

      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt className={styles.term}>{t('price')}</dt>
          <dd className={styles.value}>
            {t('perSeat', { amount: money(subscription.unitAmount) })} · {t('seats', { count: subscription.seats })}
            {subscription.percentOff ? ` · ${t('promotion', { percent: subscription.percentOff })}` : ''}
          </dd>
        </div>
        {subscription.card ? (
          <div className={styles.fact}>
            <dt className={styles.term}>{t('card')}</dt>
            <dd className={styles.value}>
              {t('cardValue', { brand: subscription.card.brand.toUpperCase(), last4: subscription.card.last4 })}
              {showCardUpdate && subscription.nextAction !== 'updateCard' ? (
                <>
                  {' '}
                  <Button tone="ghost" size="small" loading={actions.busy === 'card'} onClick={() => void actions.updateCard()}>
                    {t('updateCard')}
                  </Button>
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <div id={OUTCOME_ID} tabIndex={-1} className={styles.outcome}>
        {actions.done ? <Alert tone="positive">{doneText(actions.done, subscription, t, date)}</Alert> : null}
        {actions.errorCode ? <Alert tone="critical">{t(`errors.${actions.errorCode}`, { defaultValue: t('errors.UNKNOWN_ERROR') })}</Alert> : null}
      </div>
    </Card>
  );
}

/** The plan's stage in words that are true today (dates and amounts from the server). */
function stageSummary(subscription: SubscriptionView, t: (key: string, values?: Record<string, string>) => string, date: (iso: string | null) => string, next: string): string {
  const wasTrial = subscription.status === 'trialing';
  switch (subscription.stage) {
    case 'trialing':
      return t('life.trialing', { date: date(subscription.trialEnd), amount: next });
    case 'active':
      return t('life.active', { date: date(subscription.nextChargeAt), amount: next });
    case 'past_due':
      return subscription.nextChargeAt ? t('pastDueRetry', { date: date(subscription.nextChargeAt) }) : t('pastDueHelp');
    case 'ending':
      return wasTrial ? t('life.endingTrial', { date: date(subscription.endsAt) }) : t('life.endingPaid', { date: date(subscription.endsAt) });
    case 'ended':
      return subscription.canceledAt ? t('life.ended', { date: date(subscription.canceledAt) }) : t('life.endedUndated');
    case 'refunded':
      return t('life.refunded');
  }
}

function doneText(
  action: NonNullable<SubscriptionActions['done']>,
  subscription: SubscriptionView,
  t: (key: string, values?: Record<string, string>) => string,
  date: (iso: string | null) => string,
): string {
  if (action === 'refund') return t('refundDone');
  if (action === 'resume') return subscription.status === 'trialing' ? t('resumedTrialDone') : t('resumedDone');
  return subscription.endsAt ? t('canceledDone', { date: date(subscription.endsAt) }) : t('canceledNowDone');
}
