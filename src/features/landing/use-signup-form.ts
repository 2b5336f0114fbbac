import type { TFunction } from 'i18next';
import { useRef, useState, type FormEvent } from 'react';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { LandingPage, LandingSearch } from '../../../core/contracts/signup';
import { preloadSignupForms, signupForms } from '../../../core/contracts/signup.lazy';
import { i18n } from '../../platform/i18n';
import { defaultCountryCode } from '../../lib/countries';
import { logEvent } from '../../platform/analytics/analytics';
import { analyticsEvents } from '../../platform/analytics/events';
import { loadCodeEntry } from '../../platform/verification/CodeEntry.lazy';
import { prepareCaptcha } from '../../platform/verification/captcha.lazy';
import { initialPhoneValue, loadPhoneFormat, phoneFormat } from '../../ui/phone-input/phone-format.lazy';
import { focusFirstInvalid } from './focus';
import { firstErrorPerField } from './form-errors';
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
 * The sign-up form's fields: their values (kept from a restored code step, else the address's
 * prefill), their errors once a submit was tried, and the submit that hands valid values to the chart.
 */
export function useSignupForm({ variant, landingPage, prefill, snapshot, send, t }: SignupFormInput) {
  const [values, setValues] = useState<SignupValues>(() => ({
    email: snapshot.context.values?.email ?? prefill.email ?? '',
    firstName: snapshot.context.values?.firstName ?? prefill.first_name ?? '',
    lastName: snapshot.context.values?.lastName ?? prefill.last_name ?? '',
    companyName: snapshot.context.values?.companyName ?? prefill.company_name ?? '',
    phone: snapshot.context.values?.phone ?? initialPhoneValue(prefill.phone_number, defaultCountryCode()),
  }));
  const [errors, setErrors] = useState<SignupFieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The schemas (zod, the full phone metadata) arrive on intent; submit waits for them (see submit).
  const preload = () => void Promise.all([preloadSignupForms(), loadPhoneFormat(), loadCodeEntry(), loadAuthTexts()]).catch(() => undefined);

  function validate(next: SignupValues): { ok: true; data: SignupValues } | { ok: false; errors: SignupFieldErrors } {
    const forms = signupForms();
    // Called once a submit has found the schemas loaded (attempted), so they are here.
    if (!forms) return { ok: false, errors: {} };
    const schema = variant === 'full' ? forms.signupSchema : forms.emailSignupSchema;
    const parsed = schema.safeParse(variant === 'full' ? next : { email: next.email });
    if (parsed.success) return { ok: true, data: parsed.data };
    return { ok: false, errors: firstErrorPerField<SignupField>(parsed.error.issues, (key) => t(key, { ns: 'common' })) };
  }

  function change(field: SignupField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // Typing starts the browser check (the captcha) in the background: done by the submit.
    prepareCaptcha();
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

  return { values, errors, formRef, preload, change, submit };
}
