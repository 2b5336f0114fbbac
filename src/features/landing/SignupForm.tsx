import { useMachine } from '@xstate/react';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../app/i18n';
import { IntentLink as Link } from '../../app/IntentLink';
import type { Language } from '../../../core/routes/languages';
import { paths, withSearch } from '../../../core/routes/paths';
import { appActor, storedTracking } from '../../app/address/app-actor';
import type { LandingPage, LandingSearch } from '../../../core/contracts/signup';
import { preloadSignupForms, signupForms } from '../../../core/contracts/signup.lazy';
import { defaultCountryCode } from '../../lib/countries';
import { preloadEmailKind } from '../../lib/email-kind.lazy';
import { Alert } from '../../ui/Alert';
import { Box } from '../../ui/Box';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Heading, Text } from '../../ui/Text';
import { logEvent } from '../analytics/analytics';
import { analyticsEvents } from '../analytics/events';
import { CodeEntry, loadCodeEntry } from '../auth/CodeEntry.lazy';
import { initialPhoneValue, loadPhoneFormat, phoneFormat } from '../phone-input/phone-format.lazy';
import { PhoneField } from '../phone-input/PhoneField';
import { focusFirstInvalid } from './focus';
import * as styles from './Landing.css';
import { publishInspection } from '../charts/live-state';
import { readPendingCodeStep } from './code-step-storage';
import { recipientOf, sendSignupCode, type SignupValues } from './signup.actors';
import { signupMachine } from './signup.machine';

/** The second step of an account with two-step verification on: rare here, so not in the landing pages' first render. */
const SecondStep = lazy(() => import('../auth/SecondStep.lazy').then((module) => ({ default: module.SecondStep })));

type FieldName = 'email' | 'firstName' | 'lastName' | 'companyName' | 'phone';
type FieldErrors = Partial<Record<FieldName, string>>;

/** Where onboarding is told the visitor came from (SPEC §2 origin: default, email-form, form). */
const onboardingOrigin: Record<LandingPage, 'default' | 'email-form' | 'form'> = {
  start: 'default',
  demo: 'default',
  form: 'form',
  'email-form': 'email-form',
};

/**
 * The 'auth' texts (an account that exists, a claimed email, a failed send) show only once a form
 * has been sent, so they are not part of the first render (#16): they load on intent with the
 * schemas, and a submit waits for them. Settled when the load has ended, loaded or not.
 */
let authTexts: Promise<unknown> | undefined;
let authTextsSettled = false;
function loadAuthTexts(): Promise<unknown> {
  authTexts ??= i18n.loadNamespaces('auth').finally(() => {
    authTextsSettled = true;
  });
  return authTexts;
}

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
 * saving the account, then onboarding. The flow itself is signup.machine.ts.
 */
export function SignupForm({ variant, landingPage, lng, prefill, title, submitLabel }: SignupFormProps) {
  const [snapshot, send] = useMachine(
    signupMachine.provide({
      actions: {
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
  const [values, setValues] = useState<SignupValues>(() => ({
    email: snapshot.context.values?.email ?? prefill.email ?? '',
    firstName: snapshot.context.values?.firstName ?? prefill.first_name ?? '',
    lastName: snapshot.context.values?.lastName ?? prefill.last_name ?? '',
    companyName: snapshot.context.values?.companyName ?? prefill.company_name ?? '',
    phone: snapshot.context.values?.phone ?? initialPhoneValue(prefill.phone_number, defaultCountryCode()),
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The schemas (zod, the full phone metadata) arrive on intent; submit waits for them (see submit).
  const preload = () => void Promise.all([preloadSignupForms(), loadPhoneFormat(), loadCodeEntry(), loadAuthTexts()]).catch(() => undefined);

  function validate(next: SignupValues): { ok: true; data: SignupValues } | { ok: false; errors: FieldErrors } {
    const forms = signupForms();
    // Called once a submit has found the schemas loaded (attempted), so they are here.
    if (!forms) return { ok: false, errors: {} };
    const schema = variant === 'full' ? forms.signupSchema : forms.emailSignupSchema;
    const parsed = schema.safeParse(variant === 'full' ? next : { email: next.email });
    if (parsed.success) return { ok: true, data: parsed.data };
    const found: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as FieldName;
      found[field] ??= t(issue.message, { ns: 'common' });
    }
    return { ok: false, errors: found };
  }

  function change(field: FieldName, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (snapshot.context.failure || snapshot.value === 'personalEmailPrompt' || snapshot.value === 'emailClaimedPrompt') send({ type: 'form.changed' });
    // Once the visitor has tried to submit, errors follow their typing.
    if (attempted) {
      const result = validate(next);
      setErrors(result.ok ? {} : result.errors);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!signupForms() || !phoneFormat() || !authTextsSettled) {
      // Submitted before the schemas, the phone formatter or the texts arrived: submit again once
      // they have (the phone field reports its formatted value first, so this submit reads it).
      const form = event.currentTarget;
      void Promise.all([preloadSignupForms(), loadPhoneFormat(), loadAuthTexts()]).then(
        () => form.isConnected && form.requestSubmit(),
        // A failed download (offline): nothing is sent; the next submit tries again.
        () => undefined,
      );
      return;
    }
    setAttempted(true);
    const result = validate(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    logEvent(analyticsEvents.signupFormSubmitted, { landing_page: landingPage });
    send({ type: 'form.submitted', values: result.data });
  }

  const state = snapshot.value;
  const failure = snapshot.context.failure;
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
            onVerified={() => {
              logEvent(analyticsEvents.codeVerified, { channel: isPhone ? 'sms' : 'email', landing_page: landingPage });
              send({ type: 'code.verified' });
            }}
            onResend={async () => {
              await sendSignupCode(submitted, lng, true);
            }}
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

  const emailError =
    errors.email ??
    (failure?.source === 'email'
      ? failure.code === 'disposable'
        ? t('errors.disposable')
        : failure.code === 'unchecked'
          ? t('errors.emailUnchecked')
          : t('validation.invalidEmail', { ns: 'common' })
      : undefined);

  return (
    // method="dialog": served prerendered, the form is on screen before any script; a submit then
    // must never send the fields in the address (outside a dialog such a submit does nothing).
    <form ref={formRef} method="dialog" className={styles.form} noValidate onSubmit={submit} onFocus={preload} onPointerDown={preload} aria-busy={pending || undefined}>
      <Heading level={2}>{title}</Heading>
      <TextField
        label={variant === 'full' ? t('fields.email') : t('fields.emailOnly')}
        hint={variant === 'full' ? t('fields.emailHint') : t('fields.emailOnlyHint')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        error={emailError}
        required
        aria-required="true"
        onFocus={() => void preloadEmailKind().catch(() => undefined)}
        onChange={(event) => change('email', event.target.value)}
      />
      {variant === 'full' ? (
        <>
          <div className={styles.nameRow}>
            <TextField
              label={t('fields.firstName')}
              name="firstName"
              autoComplete="given-name"
              value={values.firstName}
              error={errors.firstName}
              required
              aria-required="true"
              onChange={(event) => change('firstName', event.target.value)}
            />
            <TextField
              label={t('fields.lastName')}
              name="lastName"
              autoComplete="family-name"
              value={values.lastName}
              error={errors.lastName}
              required
              aria-required="true"
              onChange={(event) => change('lastName', event.target.value)}
            />
          </div>
          <TextField
            label={t('fields.companyName')}
            name="companyName"
            autoComplete="organization"
            value={values.companyName}
            error={errors.companyName}
            required
            aria-required="true"
            onChange={(event) => change('companyName', event.target.value)}
          />
          <PhoneField
            label={t('fields.phone')}
            hint={t('fields.phoneHint')}
            name="phone"
            defaultValue={values.phone}
            error={errors.phone}
            onChange={(phone) => change('phone', phone.value)}
          />
        </>
      ) : null}
      {state === 'personalEmailPrompt' ? (
        <Alert tone="caution">
          <Box display="flex" flexDirection="column" gap="small">
            <strong>{t('personalEmail.title')}</strong>
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
                  const email = formRef.current?.elements.namedItem('email');
                  if (email instanceof HTMLInputElement) {
                    email.focus();
                    email.select();
                  }
                }}
              >
                {t('personalEmail.change')}
              </Button>
            </div>
          </Box>
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
      {failure?.source === 'auth' ? <Alert tone="critical">{t([`errors.${failure.code}`, 'landing:errors.sendFailed'], { ns: 'auth', seconds: failure.retryAfterSeconds ?? 60 })}</Alert> : null}
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
