import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { reviewMachine } from '../../../machines/onboarding.review.machine';
import { apiRequest } from '../../platform/api-client';
import type { KycStatus, User } from '../../../core/contracts/user';
import { Box } from '../../ui/Box';
import { Button } from '../../ui/Button';
import { Text } from '../../ui/Text';
import { signOut } from '../../platform/session/sign-out';
import { publishInspection } from '../../platform/live-state/live-state';
import { appActor } from '../../platform/app-actor';
import * as styles from './Landing.css';

const fetchKycStatus = fromPromise<KycStatus | null, void>(async ({ signal }) => (await apiRequest<User>('/v1/user', { signal })).kyc_status);

/**
 * The failure page's actions for a signed-in person in identity review (the waiting room chart,
 * machines/onboarding.review.machine.ts): their decision is looked up on arrival, on 'Check my
 * status' and when the tab is shown again; VALIDATED goes on to the paywall, 'Sign out' goes home
 * signed out. Signed-out visitors keep the page's plain 'Back to Home'.
 */
export function ReviewActions({ who }: { who: string }) {
  const { t } = useTranslation('onboarding');
  const [snapshot, send] = useMachine(
    reviewMachine.provide({
      actors: { fetchKycStatus, signOut: fromPromise<void, void>(() => signOut()) },
      actions: {
        continueToCheckout: () => appActor().send({ type: 'review.validated' }),
        goHome: () => appActor().send({ type: 'signedOut' }),
      },
    }),
    { inspect: publishInspection('review') },
  );

  useEffect(() => {
    const recheck = () => {
      if (document.visibilityState === 'visible') send({ type: 'review.recheck' });
    };
    document.addEventListener('visibilitychange', recheck);
    return () => document.removeEventListener('visibilitychange', recheck);
  }, [send]);

  const busy = snapshot.matches('checking') || snapshot.matches('validated');
  return (
    <Box display="flex" flexDirection="column" gap="medium">
      <Text>{t('review.signedIn', { who })}</Text>
      <div aria-live="polite">
        {busy ? <Text tone="muted">{t('review.checking')}</Text> : null}
        {snapshot.matches('underReview') && snapshot.context.kycStatus === 'PENDING_REVIEW' ? <p className={styles.reviewNote}>{t('review.stillReview')}</p> : null}
      </div>
      <Box display="flex" gap="small" flexWrap="wrap">
        <Button tone="primary" loading={busy} onClick={() => send({ type: 'review.recheck' })}>
          {t('review.recheck')}
        </Button>
        <Button tone="secondary" loading={snapshot.matches('signingOut')} onClick={() => send({ type: 'review.signOut' })}>
          {t('review.signOut')}
        </Button>
      </Box>
    </Box>
  );
}
