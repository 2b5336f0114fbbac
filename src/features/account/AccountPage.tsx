import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { ApiError, apiRequest } from '../../app/api-client';
import { paths } from '../../app/paths';
import { queryCache, useQuery } from '../../app/query-cache';
import { useLanguage } from '../../app/use-language';
import { formatMoney, type CardUpdateResponse, type SubscriptionResponse, type SubscriptionView } from '../../contracts/payments';
import { useSession } from '../auth/session';
import { Alert } from '../../ui/Alert';
import { Box } from '../../ui/Box';
import { Button, ButtonLink } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { Heading, Text } from '../../ui/Text';
import * as styles from './AccountPage.css';

const SUBSCRIPTION_KEY = ['subscription'] as const;
type Action = 'cancel' | 'refund';

/**
 * The default web-app target (/account): plan, status, trial end, next charge, card; cancel the
 * trial (never charged) or the subscription, and the 30-day money-back refund.
 */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  const session = useSession();
  const query = useQuery(SUBSCRIPTION_KEY, () => apiRequest<SubscriptionResponse>('/v1/subscription'), {
    enabled: session.status === 'signedIn',
    // Keyed per signed-in user by the session: a different user signs in → fetch again.
    staleTimeMs: 0,
  });

  return (
    <Page width="narrow">
      <Heading>{t('title')}</Heading>
      {session.status === 'loading' || (session.status === 'signedIn' && query.status === 'pending') ? (
        <Box display="flex" alignItems="center" gap="small" role="status">
          <Spinner />
          <Text tone="muted">{t('loading')}</Text>
        </Box>
      ) : session.status === 'signedOut' ? (
        <Box display="flex" flexDirection="column" gap="medium">
          <Text>{t('signedOut')}</Text>
          <ButtonLink href={paths.signInOtp.build(lng)}>{t('signIn')}</ButtonLink>
        </Box>
      ) : query.status === 'error' ? (
        <Alert tone="critical">
          <Box display="flex" flexDirection="column" gap="small">
            <span>{t('errors.loadFailed')}</span>
            <Button tone="secondary" size="small" onClick={query.refetch}>
              {t('errors.retry')}
            </Button>
          </Box>
        </Alert>
      ) : query.data?.subscription ? (
        <SubscriptionCard subscription={query.data.subscription} />
      ) : (
        <Box display="flex" flexDirection="column" gap="medium">
          <Text>{t('none')}</Text>
          <ButtonLink href={paths.onboarding.build(lng)}>{t('startTrial')}</ButtonLink>
        </Box>
      )}
    </Page>
  );
}

function SubscriptionCard({ subscription }: { subscription: SubscriptionView }) {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [openingCardPage, setOpeningCardPage] = useState(false);
  // The hosted card page sends the customer back with ?card=updated|declined.
  const cardResult = new URLSearchParams(useSearch()).get('card');

  const money = (amount: number) => formatMoney(amount, subscription.currency, subscription.minorUnits, lng);
  const date = (iso: string) => new Intl.DateTimeFormat(lng, { dateStyle: 'long' }).format(new Date(iso));

  const run = async (action: Action) => {
    setBusy(true);
    setErrorCode(null);
    try {
      const result = await apiRequest<SubscriptionResponse>(`/v1/subscription/${action}`, { method: 'POST' });
      queryCache.setData(JSON.stringify(SUBSCRIPTION_KEY), result);
      const next = result.subscription;
      setDone(
        action === 'refund'
          ? t('refundDone')
          : next?.status === 'canceled'
            ? t('canceledTrialDone')
            : t('canceledDone', { date: next?.cancelAt ? date(next.cancelAt) : '' }),
      );
    } catch (error) {
      setErrorCode(error instanceof ApiError ? error.code : 'UNKNOWN_ERROR');
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const updateCard = async () => {
    setOpeningCardPage(true);
    setErrorCode(null);
    try {
      const { url } = await apiRequest<CardUpdateResponse>('/v1/subscription/payment-method', { method: 'POST', body: { locale: lng } });
      window.location.assign(url);
    } catch (error) {
      setErrorCode(error instanceof ApiError ? error.code : 'UNKNOWN_ERROR');
      setOpeningCardPage(false);
    }
  };

  const rows: [string, string][] = [
    [t('plan'), t('planValue', { plan: t(`plans.${subscription.plan}`), interval: t(`intervals.${subscription.interval}`) })],
    [t('status'), t(`statuses.${subscription.status}`)],
    [t('price'), t('priceValue', { amount: money(subscription.unitAmount), seats: subscription.seats })],
  ];
  if (subscription.percentOff) rows.push(['', t('promotion', { percent: subscription.percentOff })]);
  if (subscription.card) rows.push([t('card'), t('cardValue', { brand: subscription.card.brand.toUpperCase(), last4: subscription.card.last4 })]);
  if (subscription.trialEnd && subscription.status === 'trialing') rows.push([t('trialEnd'), date(subscription.trialEnd)]);
  if (subscription.status !== 'canceled') {
    rows.push([
      t('nextCharge'),
      subscription.nextChargeAt && subscription.nextChargeAmount !== null
        ? t('nextChargeValue', { amount: money(subscription.nextChargeAmount), date: date(subscription.nextChargeAt) })
        : t('noNextCharge'),
    ]);
  }
  if (subscription.cancelAt && subscription.status !== 'canceled') rows.push([t('cancelAt'), date(subscription.cancelAt)]);
  if (subscription.canceledAt) rows.push([t('canceledAt'), date(subscription.canceledAt)]);
  if (subscription.lastCharge) {
    const suffix = subscription.lastCharge.refunded ? ` (${t('refunded')})` : subscription.lastCharge.status === 'failed' ? ` (${t('failed')})` : '';
    rows.push([t('lastCharge'), `${t('lastChargeValue', { amount: money(subscription.lastCharge.amount), date: date(subscription.lastCharge.at) })}${suffix}`]);
  }

  const cancelLabel = subscription.status === 'trialing' ? t('cancelTrial') : t('cancelSubscription');
  const confirmText =
    confirming === 'refund'
      ? t('refundConfirm', { amount: money(subscription.lastCharge?.amount ?? 0) })
      : subscription.status === 'trialing'
        ? t('cancelTrialConfirm')
        : t('cancelSubscriptionConfirm');

  return (
    <Card elevation="raised" role="region" aria-labelledby="subscription-heading">
      <Box display="flex" flexDirection="column" gap="medium">
        <Heading level={2} id="subscription-heading">
          {t('subscription')}
        </Heading>
        <dl className={styles.details}>
          {rows.map(([term, value], index) => (
            <div key={index} className={styles.pair}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
        </dl>
        {cardResult === 'updated' && (subscription.status === 'trialing' || subscription.status === 'active') ? <Alert tone="info">{t('cardUpdated')}</Alert> : null}
        {subscription.status === 'past_due' ? (
          <Alert tone="caution">
            {cardResult === 'declined' ? `${t('newCardDeclined')} ` : ''}
            {subscription.nextChargeAt ? t('pastDueRetry', { date: date(subscription.nextChargeAt) }) : t('pastDueHelp')}
          </Alert>
        ) : null}
        {cardResult === 'declined' && subscription.status === 'canceled' ? <Alert tone="critical">{t('endedAfterFailures')}</Alert> : null}
        {done ? <Alert tone="info">{done}</Alert> : null}
        {errorCode ? <Alert tone="critical">{t(`errors.${errorCode}`, { defaultValue: t('errors.UNKNOWN_ERROR') })}</Alert> : null}
        {confirming ? (
          <Box display="flex" flexDirection="column" gap="small" role="group" aria-labelledby="confirm-text">
            <Text id="confirm-text">{confirmText}</Text>
            <Box display="flex" gap="small" flexWrap="wrap">
              <Button tone="critical" loading={busy} onClick={() => void run(confirming)}>
                {t('confirm')}
              </Button>
              <Button tone="secondary" disabled={busy} onClick={() => setConfirming(null)} autoFocus>
                {t('keep')}
              </Button>
            </Box>
          </Box>
        ) : (
          <Box display="flex" flexDirection="column" gap="small">
            {subscription.refundableUntil ? (
              <>
                <Text tone="muted" size="small">
                  {t('refundHelp', { date: date(subscription.refundableUntil) })}
                </Text>
                <Button tone="secondary" onClick={() => setConfirming('refund')}>
                  {t('refund')}
                </Button>
              </>
            ) : null}
            {subscription.canUpdateCard ? (
              <Button tone={subscription.status === 'past_due' ? 'primary' : 'secondary'} loading={openingCardPage} onClick={() => void updateCard()}>
                {t('updateCard')}
              </Button>
            ) : null}
            {subscription.canCancel ? (
              <Button tone="secondary" onClick={() => setConfirming('cancel')}>
                {cancelLabel}
              </Button>
            ) : null}
          </Box>
        )}
      </Box>
    </Card>
  );
}
