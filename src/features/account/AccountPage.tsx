import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { ApiError, apiRequest } from '../../app/api-client';
import { IntentLink as Link } from '../../app/IntentLink';
import { paths } from '../../app/paths';
import { queryCache, useQuery } from '../../app/query-cache';
import { useLanguage } from '../../app/use-language';
import { formatMoney, type CardUpdateResponse, type SubscriptionResponse, type SubscriptionView } from '../../contracts/payments';
import { defaultCountryCode } from '../../lib/countries';
import { formatDate } from '../../lib/format-date';
import { formatPhone } from '../../lib/format-phone';
import { EmailConfirmation } from '../auth/EmailConfirmation';
import { useSession } from '../auth/session';
import { signOut } from '../auth/sign-out';
import { Alert } from '../../ui/Alert';
import { titleRow } from '../../ui/Badge.css';
import { Box } from '../../ui/Box';
import { Button, ButtonLink } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { Heading, Text } from '../../ui/Text';
import * as styles from './AccountPage.css';
import { appActor } from '../../app/address/app-actor';
import { SecondStep } from '../auth/SecondStep.lazy';
import { TwoStepCard } from './TwoStepCard';

const SUBSCRIPTION_KEY = ['subscription'] as const;
type Action = 'cancel' | 'refund';

/** A date the server decided (trial end, charges): marked so the visual check can mask it. */
function ServerDate({ iso, lng }: { iso: string; lng: string }) {
  return (
    <time dateTime={iso} data-server-clock="">
      {formatDate(iso, lng, 'long')}
    </time>
  );
}

/**
 * For a visitor with no account to show (signed out, or a guest's anonymous session): sign in, or
 * start a trial. One narrow card, its two actions stacked as on the sign-in page, rather than a
 * sentence and a button across the wide page.
 */
function SignInPrompt({ text }: { text: string }) {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  return (
    <div className={styles.narrow}>
      <Card>
        <Text>{text}</Text>
        <div className={styles.actions}>
          <ButtonLink href={paths.signInOtp.build(lng)}>{t('signIn')}</ButtonLink>
          <ButtonLink tone="secondary" href={paths.home.build(lng)}>
            {t('startTrial')}
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}

/**
 * The default web-app target (/account): who is signed in (and sign-out), the plan with its status,
 * trial end, next charge and card; the payment history; cancel the trial (never charged) or the
 * subscription, and the 30-day money-back refund, each confirmed in plain words.
 */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  const session = useSession();
  const [signingOut, setSigningOut] = useState(false);
  // An anonymous session (from another of the product's sites) has no account to show (SPEC §6).
  const guest = session.status === 'signedIn' && session.session?.user.is_anonymous === true;
  const query = useQuery(SUBSCRIPTION_KEY, () => apiRequest<SubscriptionResponse>('/v1/subscription'), {
    enabled: session.status === 'signedIn' && !session.secondStepDue && !guest,
    // Keyed per signed-in user by the session: a different user signs in → fetch again.
    staleTimeMs: 0,
  });
  const user = session.session?.user;
  const who = user?.email || formatPhone(user?.phone ? `+${user.phone.replace(/^\+/, '')}` : null, defaultCountryCode());

  const leave = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      appActor().send({ type: 'signedOut' });
    }
  };

  return (
    <Page width="wide">
      <div className={styles.intro}>
        <Heading>{t('title')}</Heading>
        <Text tone="muted">{t('subtitle')}</Text>
      </div>
      {session.status === 'signedIn' && !session.secondStepDue && !guest ? <EmailConfirmation lng={lng} /> : null}
      {session.secondStepDue ? (
        // Signed in by a first factor only: the second step comes before the account.
        <div className={styles.narrow}>
          <Card>
            <SecondStep onVerified={() => undefined} />
          </Card>
        </div>
      ) : guest ? (
        <SignInPrompt text={t('guest')} />
      ) : session.status === 'loading' || (session.status === 'signedIn' && query.status === 'pending') ? (
        <Box display="flex" alignItems="center" gap="small" role="status">
          <Spinner />
          <Text tone="muted">{t('loading')}</Text>
        </Box>
      ) : session.status === 'signedOut' ? (
        <SignInPrompt text={t('signedOut')} />
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
        <Subscription subscription={query.data.subscription} who={who} signingOut={signingOut} onSignOut={() => void leave()} />
      ) : (
        <>
          <Card>
            <Text>{t('none')}</Text>
            <div>
              <ButtonLink href={paths.onboarding.build(lng)}>{t('startTrial')}</ButtonLink>
            </div>
            <Button tone="ghost" loading={signingOut} onClick={() => void leave()}>
              {t('signOut')}
            </Button>
          </Card>
          <TwoStepCard />
        </>
      )}
    </Page>
  );
}

function Subscription({ subscription, who, signingOut, onSignOut }: { subscription: SubscriptionView; who: string; signingOut: boolean; onSignOut(): void }) {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [openingCardPage, setOpeningCardPage] = useState(false);
  // Where focus goes once a cancel or refund is answered: the confirmation box it was in is gone.
  const outcome = useRef<HTMLDivElement>(null);
  // The hosted card page sends the customer back with ?card=updated|declined.
  const cardResult = new URLSearchParams(useSearch()).get('card');

  const money = (amount: number) => formatMoney(amount, subscription.currency, subscription.minorUnits, lng);
  const date = (iso: string) => formatDate(iso, lng, 'long');
  const trialing = subscription.status === 'trialing';

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
      requestAnimationFrame(() => outcome.current?.focus());
    }
  };

  const updateCard = async () => {
    setOpeningCardPage(true);
    setErrorCode(null);
    try {
      const { url } = await apiRequest<CardUpdateResponse>('/v1/subscription/payment-method', { method: 'POST', body: { locale: lng } });
      appActor().send({ type: 'leave', href: url });
    } catch (error) {
      setErrorCode(error instanceof ApiError ? error.code : 'UNKNOWN_ERROR');
      setOpeningCardPage(false);
    }
  };

  const refundAmount = money(subscription.lastCharge?.amount ?? 0);
  const confirmation =
    confirming === 'refund'
      ? { text: t('refundConfirm', { amount: refundAmount }), yes: t('confirmRefund', { amount: refundAmount }), no: t('keepSubscription') }
      : trialing
        ? { text: t('cancelTrialConfirm'), yes: t('confirmCancelTrial'), no: t('keepTrial') }
        : { text: t('cancelSubscriptionConfirm'), yes: t('confirmCancelSubscription'), no: t('keepSubscription') };

  return (
    <div className={styles.layout}>
      <div className={styles.column}>
        <Card role="region" aria-labelledby="subscription-heading">
          <div className={titleRow}>
            <Heading level={2} id="subscription-heading">
              {t('subscription')}
            </Heading>
            <span className={styles.status[subscription.status]}>{t(`statuses.${subscription.status}`)}</span>
          </div>
          <Text size="lead">{t('planValue', { plan: t(`plans.${subscription.plan}`), interval: t(`intervals.${subscription.interval}`) })}</Text>
          <dl className={styles.facts}>
            {subscription.trialEnd && trialing ? (
              <div className={styles.fact}>
                <dt className={styles.term}>{t('trialEnd')}</dt>
                <dd className={styles.value}>
                  <ServerDate iso={subscription.trialEnd} lng={lng} />
                </dd>
              </div>
            ) : null}
            {subscription.status !== 'canceled' ? (
              <div className={styles.fact}>
                <dt className={styles.term}>{t('nextCharge')}</dt>
                {subscription.nextChargeAt && subscription.nextChargeAmount !== null ? (
                  <dd className={styles.value}>
                    {money(subscription.nextChargeAmount)}
                    <p className={styles.valueNote}>
                      <ServerDate iso={subscription.nextChargeAt} lng={lng} />
                    </p>
                  </dd>
                ) : (
                  <dd className={styles.value}>{t('noNextCharge')}</dd>
                )}
              </div>
            ) : null}
            <div className={styles.fact}>
              <dt className={styles.term}>{t('price')}</dt>
              <dd className={styles.value}>
                {t('perSeat', { amount: money(subscription.unitAmount) })}
                <p className={styles.valueNote}>
                  {t('seats', { count: subscription.seats })}
                  {subscription.percentOff ? ` · ${t('promotion', { percent: subscription.percentOff })}` : ''}
                </p>
              </dd>
            </div>
            {subscription.cancelAt && subscription.status !== 'canceled' ? (
              <div className={styles.fact}>
                <dt className={styles.term}>{t('cancelAt')}</dt>
                <dd className={styles.value}>
                  <ServerDate iso={subscription.cancelAt} lng={lng} />
                </dd>
              </div>
            ) : null}
            {subscription.canceledAt ? (
              <div className={styles.fact}>
                <dt className={styles.term}>{t('canceledAt')}</dt>
                <dd className={styles.value}>
                  <ServerDate iso={subscription.canceledAt} lng={lng} />
                </dd>
              </div>
            ) : null}
            {subscription.card ? (
              <div className={styles.fact}>
                <dt className={styles.term}>{t('card')}</dt>
                <dd className={styles.value}>
                  {t('cardValue', { brand: subscription.card.brand.toUpperCase(), last4: subscription.card.last4 })}
                  {subscription.canUpdateCard ? (
                    <span className={styles.factAction}>
                      <Button tone={subscription.status === 'past_due' ? 'primary' : 'secondary'} size="small" loading={openingCardPage} onClick={() => void updateCard()}>
                        {t('updateCard')}
                      </Button>
                    </span>
                  ) : null}
                </dd>
              </div>
            ) : null}
          </dl>
          {cardResult === 'updated' && (subscription.status === 'trialing' || subscription.status === 'active') ? <Alert tone="positive">{t('cardUpdated')}</Alert> : null}
          {subscription.status === 'past_due' ? (
            <Alert tone="caution">
              {cardResult === 'declined' ? `${t('newCardDeclined')} ` : ''}
              {subscription.nextChargeAt ? t('pastDueRetry', { date: date(subscription.nextChargeAt) }) : t('pastDueHelp')}
            </Alert>
          ) : null}
          {cardResult === 'declined' && subscription.status === 'canceled' ? <Alert tone="critical">{t('endedAfterFailures')}</Alert> : null}
          <div ref={outcome} tabIndex={-1} className={styles.outcome}>
            {done ? <Alert tone="positive">{done}</Alert> : null}
            {errorCode ? <Alert tone="critical">{t(`errors.${errorCode}`, { defaultValue: t('errors.UNKNOWN_ERROR') })}</Alert> : null}
          </div>
        </Card>

        <Card role="region" aria-labelledby="history-heading">
          <Heading level={2} id="history-heading">
            {t('history')}
          </Heading>
          {subscription.charges.length ? (
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
          ) : (
            <Text tone="muted">
              {trialing && subscription.nextChargeAmount !== null
                ? t('historyFirst', { amount: money(subscription.nextChargeAmount) })
                : t('historyEmpty')}
            </Text>
          )}
        </Card>

        <TwoStepCard />
      </div>

      <div className={styles.column}>
        {subscription.canCancel || subscription.refundableUntil ? (
          <Card elevation="flat" role="region" aria-labelledby="manage-heading">
            <Heading level={2} id="manage-heading">
              {t('manageTitle')}
            </Heading>
            {confirming ? (
              <div className={styles.confirmBox} role="group" aria-labelledby="confirm-text">
                <Text id="confirm-text">{confirmation.text}</Text>
                <Button tone="primary" block disabled={busy} onClick={() => setConfirming(null)} autoFocus>
                  {confirmation.no}
                </Button>
                <Button tone="critical" block loading={busy} onClick={() => void run(confirming)}>
                  {confirmation.yes}
                </Button>
              </div>
            ) : (
              <div className={styles.actions}>
                {subscription.refundableUntil ? (
                  <>
                    <Text tone="muted" size="small">
                      {t('refundHelp', { date: date(subscription.refundableUntil) })}
                    </Text>
                    <Button tone="secondary" block onClick={() => setConfirming('refund')}>
                      {t('refund')}
                    </Button>
                  </>
                ) : null}
                {subscription.canCancel ? (
                  <Button tone="secondary" block onClick={() => setConfirming('cancel')}>
                    {trialing ? t('cancelTrial') : t('cancelSubscription')}
                  </Button>
                ) : null}
              </div>
            )}
          </Card>
        ) : null}
        <Card elevation="flat">
          {who ? <Text>{t('signedInAs', { who })}</Text> : null}
          <Button tone="secondary" block loading={signingOut} onClick={onSignOut}>
            {t('signOut')}
          </Button>
          <Text tone="muted" size="small">
            {t('help')} <Link href={paths.contact.build(lng)}>{t('contact')}</Link>
          </Text>
        </Card>
      </div>
    </div>
  );
}
