import type { TFunction } from 'i18next';
import type { FormEvent } from 'react';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { LandingPage, LandingSearch } from '../../../core/contracts/signup';
import { preloadSignupForms, signupForms } from '../../../core/contracts/signup.lazy';
import { i18n } from '../../platform/i18n';
import { defaultCountryCode } from '../../lib/countries';
import { useForm } from '../../lib/form/use-form';
import { logEvent } from '../../platform/analytics/analytics';
import { analyticsEvents } from '../../platform/analytics/events';
import { loadCodeEntry } from '../../platform/verification/CodeEntry.lazy';
import { loadOtp } from '../../platform/verification/otp.lazy';
import { prepareCaptcha } from '../../platform/verification/captcha.lazy';
import { initialPhoneValue, loadPhoneFormat, phoneFormat } from '../../ui/phone-input/phone-format.lazy';
import type { SignupValues } from '../../../machines/signup.actors';
import type { signupMachine } from '../../../machines/signup.machine';

export type SignupField = keyof SignupValues;
export type SignupFieldErrors = Partial<Record<SignupField, string>>;
export type SignupSnapshot = SnapshotFrom<typeof signupMachine>;
export type SignupSend = (event: EventFrom<typeof signupMachine>) => void;

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

interface SignupFormInput {
  variant: 'full' | 'email';
  landingPage: LandingPage;
  prefill: Partial<LandingSearch>;
  snapshot: SignupSnapshot;
  send: SignupSend;
  t: TFunction;
}

/**
 * What the chart finds wrong with the address (signup.machine `failure.source === 'email'`): said
 * under the email field, the sign-up's one table of codes → fields.
 */
export const signupCodes: Readonly<Record<string, SignupField>> = { disposable: 'email', unchecked: 'email', invalid: 'email' };
const signupWords: Record<string, string> = { disposable: 'errors.disposable', unchecked: 'errors.emailUnchecked', invalid: 'common:validation.invalidEmail' };

/**
 * The sign-up form on the one form habit (src/lib/form): its values (kept from a restored code
 * step, else the address's prefill), parsed by the sign-up schema the server parses with (loaded on
 * intent), and the submit that hands the parsed values to the chart, which owns what follows.
 */
export function useSignupForm({ variant, landingPage, prefill, snapshot, send, t }: SignupFormInput) {
  const form = useForm({
    initial: (): Required<SignupValues> => ({
      email: snapshot.context.values?.email ?? prefill.email ?? '',
      firstName: snapshot.context.values?.firstName ?? prefill.first_name ?? '',
      lastName: snapshot.context.values?.lastName ?? prefill.last_name ?? '',
      companyName: snapshot.context.values?.companyName ?? prefill.company_name ?? '',
      phone: snapshot.context.values?.phone ?? initialPhoneValue(prefill.phone_number, defaultCountryCode()),
    }),
    schema: () => (variant === 'full' ? signupForms()?.signupSchema : signupForms()?.emailSignupSchema),
    input: (values) => (variant === 'full' ? values : { email: values.email }),
    message: (key) => (key.startsWith('validation.') ? t(key, { ns: 'common' }) : t(signupWords[key] ?? key)),
    codes: signupCodes,
  });
  // The schemas (zod, the full phone metadata) arrive on intent; submit waits for them (see submit).
  const preload = () => void Promise.all([preloadSignupForms(), loadPhoneFormat(), loadCodeEntry(), loadAuthTexts(), loadOtp()]).catch(() => undefined);

  function change(field: SignupField, value: string) {
    form.set(field, value);
    // Typing starts the browser check (the captcha) in the background: done by the submit.
    prepareCaptcha();
    if (snapshot.context.failure || snapshot.value === 'personalEmailPrompt' || snapshot.value === 'emailClaimedPrompt') send({ type: 'form.changed' });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!signupForms() || !phoneFormat() || !authTextsSettled) {
      // Submitted before the schemas, the phone formatter or the texts arrived: submit again once
      // they have (the phone field reports its formatted value first, so this submit reads it).
      const element = event.currentTarget;
      void Promise.all([preloadSignupForms(), loadPhoneFormat(), loadAuthTexts()]).then(
        () => element.isConnected && element.requestSubmit(),
        // A failed download (offline): nothing is sent; the next submit tries again.
        () => undefined,
      );
      return;
    }
    void form.submit((values) => {
      logEvent(analyticsEvents.signupFormSubmitted, { landing_page: landingPage });
      send({ type: 'form.submitted', values: values as SignupValues });
    });
  }

  /** The message under each field: the form's own, or what the chart found wrong with the address. */
  const failure = snapshot.context.failure;
  const chartField = failure?.source === 'email' ? signupCodes[failure.code] : undefined;
  const errors = chartField && !form.errors[chartField] ? { ...form.errors, [chartField]: t(signupWords[failure?.code ?? ''] ?? '') } : form.errors;

  return { values: form.values, errors, touch: form.touch, attach: form.attach, root: form.root, preload, change, submit };
}
