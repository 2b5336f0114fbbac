import type { TFunction } from 'i18next';
import type { Language } from '../../../core/routes/languages';
import { paths, withSearch } from '../../../core/routes/paths';
import type { LandingPage } from '../../../core/contracts/signup';
import { IntentLink as Link } from '../../platform/IntentLink';
import { Alert } from '../../ui/Alert';
import { Box } from '../../ui/Box';
import { Button } from '../../ui/Button';
import { Heading } from '../../ui/Text';
import { logEvent } from '../../platform/analytics/analytics';
import { analyticsEvents } from '../../platform/analytics/events';
import { CodeEntry } from '../../platform/verification/CodeEntry.lazy';
import type { SignupValues } from '../../../machines/signup.actors';
import { recipientOf, resendSignupCode } from './signup.actors';
import type { SignupSend, SignupSnapshot } from './use-signup-form';

interface SignupCodeScreenProps {
  snapshot: SignupSnapshot;
  send: SignupSend;
  /** What the form sent: the code went to its phone (full form) or its email (email form). */
  submitted: SignupValues;
  landingPage: LandingPage;
  lng: Language;
  title: string;
  t: TFunction;
}

/**
 * After the form: the code screen, saving the account, an account that exists already (kept, or
 * to sign in to), and a failed save with its retry.
 */
export function SignupCodeScreen({ snapshot, send, submitted, landingPage, lng, title, t }: SignupCodeScreenProps) {
  const state = snapshot.value;
  const failure = snapshot.context.failure;
  const recipient = recipientOf(submitted);
  const isPhone = 'phone' in recipient;
  const accountExists = failure?.code === 'PHONE_ALREADY_EXISTS' || failure?.code === 'EMAIL_ALREADY_EXISTS';
  return (
    <Box display="flex" flexDirection="column" gap="medium">
      <Heading level={2}>{state === 'enteringCode' ? t('code.title') : state === 'accountExists' ? t('auth:signup.returningTitle') : title}</Heading>
      {state === 'accountExists' ? (
        <>
          <Alert tone="info">
            <strong>{t(isPhone ? 'auth:signup.returningPhone' : 'auth:signup.returningEmail')}</strong> {t('auth:signup.returningKept')}
          </Alert>
          <Button tone="primary" block onClick={() => send({ type: 'account.continued' })}>
            {t('auth:signup.continue')}
          </Button>
        </>
      ) : null}
      {state === 'enteringCode' ? (
        <CodeEntry
          recipient={isPhone ? recipient.phone : recipient.email}
          channel={isPhone ? 'sms' : 'email'}
          sentAt={snapshot.context.sentAt ?? undefined}
          sentBefore={snapshot.context.sentBefore}
          onVerified={() => {
            logEvent(analyticsEvents.codeVerified, { channel: isPhone ? 'sms' : 'email', landing_page: landingPage });
            send({ type: 'code.verified' });
          }}
          onResend={() => resendSignupCode(submitted, lng)}
        />
      ) : null}
      {state === 'savingAccount' || state === 'done' ? (
        <Alert tone="info">{t('code.saving')}</Alert>
      ) : null}
      {state === 'saveFailed' && failure ? (
        <Alert tone="critical">
          {accountExists ? t(`errors.${failure.code}`) : t('errors.saveFailed', { code: failure.code })}{' '}
          {accountExists ? (
            <Link href={withSearch(paths.signInOtp.build(lng), failure.code === 'EMAIL_ALREADY_EXISTS' ? { email: submitted.email } : { phone: submitted.phone })}>
              {t('errors.signInInstead')}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      {state === 'saveFailed' && !accountExists ? (
        <Button tone="primary" onClick={() => send({ type: 'save.retried' })}>
          {t('errors.retry')}
        </Button>
      ) : null}
      {state === 'saveFailed' && accountExists ? (
        <Button tone="secondary" onClick={() => send({ type: 'form.reopened' })}>
          {failure?.code === 'EMAIL_ALREADY_EXISTS' ? t('personalEmail.change') : t('code.change')}
        </Button>
      ) : null}
      {state === 'enteringCode' ? (
        <Button tone="ghost" onClick={() => send({ type: 'code.changed' })}>
          {t('code.change')}
        </Button>
      ) : null}
    </Box>
  );
}
