import { useTranslation } from 'react-i18next';
import { IntentLink as Link } from '../../../platform/IntentLink';
import { paths } from '../../../../core/routes/paths';
import { ReaderWelcome } from '../../../platform/session/ReaderWelcome';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { Heading, Text } from '../../../ui/Text';
import * as styles from '../Onboarding.css';
import { errorKey, type StepProps } from '../step-props';
import { EmailConfirmation } from '../../../platform/verification/EmailConfirmation';
import { useLanguage } from '../../../platform/use-language';

/** The transient identity check: its own loading view, and a retry when the check could not run. */
export function IdentityCheckView({ snapshot, send }: StepProps) {
  const { t } = useTranslation('onboarding');
  const failed = snapshot.matches({ identityCheck: 'failed' });
  return (
    <div className={styles.centered} aria-busy={!failed}>
      <Heading>{t('identityCheck.title')}</Heading>
      {failed ? (
        <>
          <Alert tone="critical">
            {t('identityCheck.failed')} {t(errorKey(snapshot.context.error))}
          </Alert>
          <Button tone="primary" onClick={() => send({ type: 'retry' })}>
            {t('actions.retry')}
          </Button>
        </>
      ) : (
        <>
          <Spinner label={t('identityCheck.title')} />
          <Text tone="muted">{t('identityCheck.text')}</Text>
        </>
      )}
    </div>
  );
}

/** next-steps: the server grants the role (subscription checked there), then success. */
export function NextStepsView({ snapshot, send }: StepProps) {
  const { t } = useTranslation('onboarding');
  const failed = snapshot.matches({ nextSteps: 'failed' });
  return (
    <div className={styles.centered} aria-busy={!failed}>
      <Heading>{t('nextSteps.title')}</Heading>
      {failed ? (
        <>
          <Alert tone="critical">
            {t('nextSteps.failed')} {t(errorKey(snapshot.context.error))}
          </Alert>
          <Button tone="primary" onClick={() => send({ type: 'retry' })}>
            {t('actions.retry')}
          </Button>
        </>
      ) : (
        <>
          <Spinner label={t('nextSteps.title')} />
          <Text tone="muted">{t('nextSteps.text')}</Text>
        </>
      )}
    </div>
  );
}

/** onboarding/success: the same page as /success, with the email to confirm and the account one click away. */
export function SuccessView() {
  const { t } = useTranslation('onboarding');
  const lng = useLanguage();
  return (
    <ReaderWelcome
      extra={
        <>
          {/* An email given at sign-up signs in once confirmed. */}
          <EmailConfirmation lng={lng} />
          <Text tone="muted">
            <Link href={paths.account.build()}>{t('success.account')}</Link>
          </Text>
        </>
      }
    />
  );
}
