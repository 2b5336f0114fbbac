import { useMachine } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../core/routes/languages';
import { appActor, storedTracking } from '../../platform/app-actor';
import type { LandingPage, LandingSearch } from '../../../core/contracts/signup';
import { Button } from '../../ui/Button';
import { Heading, Text } from '../../ui/Text';
import * as styles from './Landing.css';
import { publishInspection } from '../../platform/live-state/live-state';
import { forgetCodeStep, readPendingCodeStep, rememberCodeStep } from './code-step-storage';
import { signupMachine } from '../../../machines/signup.machine';
import { signupPageActors } from './signup.actors';
import { SignupFields } from './SignupFields';
import { SignupNotices } from './SignupNotices';
import { CaptchaStatus } from '../../platform/verification/CaptchaStatus';
import { useSignupForm } from './use-signup-form';

/** The second step of an account with two-step verification on: rare here, so not in the landing pages' first render. */
const SecondStep = lazy(() => import('../../platform/verification/SecondStep.lazy').then((module) => ({ default: module.SecondStep })));

/**
 * The code screen shows once a code is on its way (or a code step is restored after a reload): its
 * code is fetched on intent, with the form's other lazy parts, not in the first render (#40).
 */
const loadCodeScreen = () => import('./SignupCodeScreen');
const SignupCodeScreen = lazy(() => loadCodeScreen().then((module) => ({ default: module.SignupCodeScreen })));

/** Where onboarding is told the visitor came from (SPEC §2 origin: default, email-form, form). */
const onboardingOrigin: Record<LandingPage, 'default' | 'email-form' | 'form'> = {
  start: 'default',
  demo: 'default',
  form: 'form',
  'email-form': 'email-form',
};

interface SignupFormProps {
  /** `full`: email, names, company, phone (code by SMS); `email`: the address only (code by email). */
  variant: 'full' | 'email';
  landingPage: LandingPage;
  lng: Language;
  prefill: Partial<LandingSearch>;
  title: string;
  submitLabel: string;
}

/**
 * The landing pages' sign-up form and what follows it: the personal-email prompt, the code screen,
 * saving the account, then onboarding. The flow itself is machines/signup.machine.ts; the page
 * provides its calls, the tab's storage of the code step and the move on.
 */
export function SignupForm({ variant, landingPage, lng, prefill, title, submitLabel }: SignupFormProps) {
  const [snapshot, send] = useMachine(
    signupMachine.provide({
      actors: signupPageActors,
      actions: {
        rememberCodeStep: ({ context: { landingPage: page, values, sentAt } }) => {
          if (values && sentAt !== null) rememberCodeStep({ landingPage: page, values, sentAt });
        },
        forgetCodeStep: () => forgetCodeStep(),
        // The app chart moves on to onboarding (replacing the code screen's entry).
        goToOnboarding: () => appActor().send({ type: 'signup.completed', origin: onboardingOrigin[landingPage], tracking: storedTracking() }),
      },
    }),
    // A code step kept from before a reload or Back/Forward is picked up again (session storage).
    { input: { landingPage, language: lng, restored: readPendingCodeStep(landingPage) }, inspect: publishInspection('signup') },
  );
  // Past the form (a code step restored after a reload included), the 'auth' texts are needed now.
  const formOnly = (snapshot.matches('starting') || snapshot.matches('editing')) && snapshot.context.failure?.source !== 'auth';
  const { t } = useTranslation(formOnly ? ['landing', 'common'] : ['landing', 'common', 'auth']);
  const form = useSignupForm({ variant, landingPage, prefill, snapshot, send, t });
  const { values, errors, touch, attach, root, change, submit } = form;
  const preload = () => {
    form.preload();
    void loadCodeScreen().catch(() => undefined);
  };

  const state = snapshot.value;
  const submitted = snapshot.context.values;
  const pending = state === 'checkingEmail' || state === 'checkingAccount' || state === 'sendingCode';

  if (state === 'secondStepDue') {
    return (
      <Suspense fallback={null}>
        <SecondStep onVerified={() => send({ type: 'secondStep.verified' })} />
      </Suspense>
    );
  }

  if ((state === 'enteringCode' || state === 'savingAccount' || state === 'saveFailed' || state === 'accountExists' || state === 'done') && submitted) {
    return (
      <Suspense fallback={null}>
        <SignupCodeScreen snapshot={snapshot} send={send} submitted={submitted} landingPage={landingPage} lng={lng} title={title} t={t} />
      </Suspense>
    );
  }

  return (
    // method="dialog": served prerendered, the form is on screen before any script; a submit then
    // must never send the fields in the address (outside a dialog such a submit does nothing).
    <form ref={attach} method="dialog" className={styles.form} noValidate onSubmit={submit} onFocus={preload} onPointerDown={preload} aria-busy={pending || undefined}>
      <Heading level={2}>{title}</Heading>
      <SignupFields variant={variant} values={values} errors={errors} change={change} touch={touch} t={t} />
      <SignupNotices snapshot={snapshot} send={send} values={values} root={root} lng={lng} t={t} />
      <CaptchaStatus t={t} />
      {state !== 'personalEmailPrompt' && state !== 'emailClaimedPrompt' ? (
        <Button type="submit" tone="primary" block loading={pending}>
          {submitLabel}
        </Button>
      ) : null}
      <Text tone="muted" size="small">
        {t('fields.legal')}
      </Text>
    </form>
  );
}
