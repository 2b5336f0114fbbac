import type { TFunction } from 'i18next';
import { lazy, Suspense } from 'react';
import type { Language } from '../../../core/routes/languages';
import { paths, withSearch } from '../../../core/routes/paths';
import { IntentLink as Link } from '../../platform/IntentLink';
import { Alert } from '../../ui/Alert';
import { Box } from '../../ui/Box';
import { Button } from '../../ui/Button';
import * as styles from './Landing.css';

/** Said only after a budget refused a send: not in the form's first render. */
const SignupRefusal = lazy(() => import('./SignupRefusal').then((module) => ({ default: module.SignupRefusal })));
import type { SignupValues } from '../../../machines/signup.actors';
import type { SignupSend, SignupSnapshot } from './use-signup-form';
import { waitOrCooldown } from '../../../core/auth-codes';

/**
 * The personal-email prompt takes focus as it appears (#37.5: it used to stay on the phone field),
 * so keyboard and screen-reader users meet the question. A module-level callback: React calls it
 * on arrival only, not on every render.
 */
const focusOnArrival = (element: HTMLElement | null) => element?.focus();

interface SignupNoticesProps {
  snapshot: SignupSnapshot;
  send: SignupSend;
  values: SignupValues;
  /** The sign-up <form> (its email field takes focus again on 'Change email'). */
  root: () => HTMLFormElement | null;
  lng: Language;
  t: TFunction;
}

/**
 * What the form says above its button once sent: the personal-email and claimed-email prompts (each
 * with its two ways on), an email that belongs to another account, a code that could not be sent.
 */
export function SignupNotices({ snapshot, send, values, root, lng, t }: SignupNoticesProps) {
  const state = snapshot.value;
  const failure = snapshot.context.failure;
  const submitted = snapshot.context.values;
  return (
    <>
      {state === 'personalEmailPrompt' ? (
        <Alert tone="caution">
          <div ref={focusOnArrival} tabIndex={-1} role="group" aria-labelledby="personal-email-title" className={styles.prompt}>
            <strong id="personal-email-title">{t('personalEmail.title')}</strong>
            <span>{t('personalEmail.body', { email: submitted?.email ?? values.email })}</span>
            <div className={styles.actions}>
              <Button tone="primary" size="small" onClick={() => send({ type: 'prompt.continued' })}>
                {t('personalEmail.continue')}
              </Button>
              <Button
                tone="secondary"
                size="small"
                onClick={() => {
                  send({ type: 'prompt.changed' });
                  const email = root()?.elements.namedItem('email');
                  if (email instanceof HTMLInputElement) {
                    email.focus();
                    email.select();
                  }
                }}
              >
                {t('personalEmail.change')}
              </Button>
            </div>
          </div>
        </Alert>
      ) : null}
      {state === 'emailClaimedPrompt' ? (
        <Alert tone="caution">
          <Box display="flex" flexDirection="column" gap="small">
            <strong>{t('auth:signup.claimedTitle')}</strong>
            <span>{t('auth:signup.claimed')}</span>
            <div className={styles.actions}>
              <Button tone="primary" size="small" onClick={() => send({ type: 'prompt.continued' })}>
                {t('auth:signup.continueWithEmail')}
              </Button>
              <Link href={paths.signInOtp.build(lng)}>{t('auth:signup.signInWithPhone')}</Link>
            </div>
          </Box>
        </Alert>
      ) : null}
      {failure?.source === 'api' && failure.code === 'EMAIL_ALREADY_EXISTS' && submitted ? (
        <Alert tone="critical">
          {t('auth:signup.emailTaken')}{' '}
          <Link href={withSearch(paths.signInOtp.build(lng), { email: submitted.email })}>{t('auth:signup.signInWithEmail')}</Link>
        </Alert>
      ) : null}
      {failure?.source === 'auth' && failure.refusal ? (
        <Suspense fallback={null}>
          <SignupRefusal failure={{ ...failure, refusal: failure.refusal }} submitted={submitted} lng={lng} t={t} />
        </Suspense>
      ) : failure?.source === 'auth' ? (
        <Alert tone="critical">{t([`errors.${failure.code}`, 'landing:errors.sendFailed'], { ns: 'auth', seconds: waitOrCooldown(failure.retryAfterSeconds) })}</Alert>
      ) : null}
    </>
  );
}
