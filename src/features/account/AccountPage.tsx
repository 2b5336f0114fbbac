import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IntentButtonLink } from '../../platform/IntentButtonLink';
import { paths } from '../../../core/routes/paths';
import { personQuery, subscriptionQuery } from '../../platform/person-queries';
import { queryClient } from '../../platform/query-cache';
import { useLanguage } from '../../platform/use-language';
import { useSession } from '../../platform/session/session';
import { RefusedCheck } from '../../platform/session/RefusedCheck';
import { Box } from '../../ui/Box';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { RetryAlert } from '../../ui/RetryAlert';
import { Spinner } from '../../ui/Spinner';
import { Heading, Text } from '../../ui/Text';
import * as styles from './AccountPage.css';
import { SecondStep } from '../../platform/verification/SecondStep.lazy';
import { DeleteAccount } from './DeleteAccount';
import { EmailToConfirm, useEmailCardReady } from '../../platform/verification/EmailToConfirm';
import { ManageCard } from './ManageCard';
import { PaymentHistory } from './PaymentHistory';
import { PlanCard } from './PlanCard';
import { SignOutCard } from './SignOutCard';
import { useSubscriptionActions } from './subscription-actions';
import { accountReader, unlessJustRead } from './account-reads';
import { TwoStepCard } from './TwoStepCard';
import { WaysInCard } from './social/WaysInCard';
import { Passkeys } from './passkeys/Passkeys.lazy';
import { useFirstContentPending } from '../../lib/use-first-content';

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
          <IntentButtonLink href={paths.signInOtp.build(lng)}>{t('signIn')}</IntentButtonLink>
          <IntentButtonLink tone="secondary" href={paths.home.build(lng)}>
            {t('startTrial')}
          </IntentButtonLink>
        </div>
      </Card>
    </div>
  );
}

/**
 * No subscription yet: what is true depends on the identity check. Refused, the page says so and
 * what to send (never a trial). In review there is nothing to
 * start yet (the trial button would only lead back to the review page), so the page says where it
 * stands; otherwise the trial, or a plan charged at once when the free trial was used before.
 */
function NoPlanCard({ userId, trialAvailable }: { userId: string; trialAvailable: boolean }) {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  // Read beside the subscription moments ago (AccountPage): not asked again as this card mounts.
  const user = useQuery({ ...personQuery(userId), refetchOnMount: unlessJustRead }, queryClient);
  const kyc = user.data?.kyc_status ?? null;
  if (user.isPending) return <Spinner label={t('loading')} />;
  if (kyc === 'REJECTED') return <RefusedCheck level={2} />;
  if (kyc === 'PENDING_REVIEW') {
    return (
      <Card role="region" aria-labelledby="subscription-heading">
        <Heading level={2} id="subscription-heading">
          {t('review.title')}
        </Heading>
        <Text>{t('review.text')}</Text>
        <div>
          <IntentButtonLink tone="secondary" href={paths.failure.build(lng)}>
            {t('review.open')}
          </IntentButtonLink>
        </div>
      </Card>
    );
  }
  return (
    <Card role="region" aria-labelledby="subscription-heading">
      <Heading level={2} id="subscription-heading">
        {t('none')}
      </Heading>
      <div>
        <IntentButtonLink href={trialAvailable ? paths.onboarding.build(lng) : paths.checkoutForm.build(lng)}>
          {trialAvailable ? t('startTrial') : t('restart')}
        </IntentButtonLink>
      </div>
    </Card>
  );
}

/**
 * The default web-app target (/account), in the order a customer needs it (as Quo, Aircall and
 * Dialpad put it): the plan, its stage and its one next step; then what needs attention (a failed
 * payment is in the plan's own card, an unconfirmed email next); then settings (cancel or refund,
 * payments, two-step verification, sign-out). One column, so a phone reads it top to bottom.
 */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  const session = useSession();
  // While an authenticator is being added, the email's code form folds: one code field per page.
  const [addingSecondStep, setAddingSecondStep] = useState(false);
  const actions = useSubscriptionActions(lng);
  // An anonymous session (from another of the product's sites) has no account to show (SPEC §6).
  const guest = session.status === 'signedIn' && session.session?.user.is_anonymous === true;
  const user = session.session?.user;
  // Keyed by the signed-in person (#38.1): another person signing in reads their own, never this one's.
  // Usually already asked for with the page's code (./account-reads), under the same key.
  const readable = accountReader(session) !== null;
  const query = useQuery({ ...subscriptionQuery(user?.id ?? ''), enabled: readable, refetchOnMount: unlessJustRead }, queryClient);
  // Read beside the subscription, not after it: without a plan, the card in its place depends on the
  // identity check, and the page shows once it is known rather than growing under the reader (CLS).
  const person = useQuery({ ...personQuery(user?.id ?? ''), enabled: readable, refetchOnMount: unlessJustRead }, queryClient);
  // An address to confirm: the content waits for its card's code too (usually here before the reads).
  const emailCardReady = useEmailCardReady(user?.new_email, user !== undefined);

  const subscription = query.data?.subscription ?? null;
  const loading = !user || (query.data === undefined && !query.isError) || (query.data?.subscription === null && person.isPending) || !emailCardReady;
  // What waits for the first render (analytics' 52 KB among it) waits for this content, not the loading line.
  useFirstContentPending(loading && !session.secondStepDue && !guest && session.status !== 'signedOut');
  return (
    <Page width="content">
      <div className={styles.intro}>
        <Heading>{t('title')}</Heading>
      </div>
      {session.secondStepDue ? (
        // Signed in by a first factor only: the second step comes before the account.
        <div className={styles.narrow}>
          <Card>
            <SecondStep onVerified={() => undefined} />
          </Card>
        </div>
      ) : guest ? (
        <SignInPrompt text={t('guest')} />
      ) : session.status === 'signedOut' ? (
        <SignInPrompt text={t('signedOut')} />
      ) : loading ? (
        // As tall as the screen, so the footer waits below the fold instead of jumping when the page fills.
        <Box display="flex" alignItems="flex-start" gap="small" role="status" className={styles.loading}>
          <Spinner />
          <Text tone="muted">{t('loading')}</Text>
        </Box>
      ) : query.data === undefined ? (
        <RetryAlert message={t('errors.loadFailed')} retryLabel={t('errors.retry')} onRetry={() => void query.refetch()} />
      ) : (
        <div className={styles.column}>
          {subscription ? <PlanCard subscription={subscription} actions={actions} /> : <NoPlanCard userId={user.id} trialAvailable={query.data.trialAvailable} />}
          <EmailToConfirm lng={lng} folded={addingSecondStep} />
          <section className={styles.column} aria-labelledby="settings-heading">
            <Heading level={2} id="settings-heading" className={styles.sectionHeading}>
              {t('settings')}
            </Heading>
            {subscription ? <ManageCard subscription={subscription} actions={actions} /> : null}
            {subscription ? <PaymentHistory subscription={subscription} /> : null}
            <WaysInCard identities={user.identities ?? []} phone={user.phone || null} email={user.email || null} />
            <TwoStepCard onOpenChange={setAddingSecondStep} />
            <Passkeys userId={user.id} trialStarted={subscription?.status === 'trialing'} />
            <SignOutCard email={user.email || null} phone={user.phone || null} />
            <DeleteAccount subscription={subscription} />
          </section>
        </div>
      )}
    </Page>
  );
}
